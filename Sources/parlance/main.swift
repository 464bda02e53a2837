#if canImport(Glibc)
import Glibc
#endif

exit(Parlance.main(Array(CommandLine.arguments.dropFirst())).rawValue)

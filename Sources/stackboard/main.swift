#if canImport(Glibc)
import Glibc
#endif
import StackboardApp

exit(StackboardMain.run(Array(CommandLine.arguments.dropFirst())))

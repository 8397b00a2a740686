import TodoCLI
import TodoCore

// The executable: the terminal backend of the full-screen app, and the command line.
CLIMain.fullScreen = { store in try FullScreen(store: store).run() }
CLIMain.run()

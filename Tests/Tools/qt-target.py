#!/usr/bin/python3
"""A Qt window for the real-application tests, with PyQt5 (`--qt 5`, the default) or PyQt6
(`--qt 6`): a text QLineEdit, a QLineEdit in password echo mode, a QSpinBox for numbers (role
spin button over AT-SPI) and a QPushButton. The same line protocol as focus-target.py: once the
window is shown and exposed it prints `ready xid=N text=X,Y,W,H password=... number=...
button=...` (the toplevel's X window id in decimal, each widget's root-window rectangle), then
`changed NAME LENGTH TEXT` on each change of a field (the password's text too: a test window).

Qt joins the accessibility bus only when org.a11y.Status.IsEnabled says so (or with
QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1): nothing here asks for it."""
import argparse
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--qt", choices=("5", "6"), default="5")
args = parser.parse_args()

if args.qt == "6":
    from PyQt6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
    from PyQt6.QtWidgets import QApplication, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget
    PASSWORD = QLineEdit.EchoMode.Password
    EXPOSE = QEvent.Type.Expose
else:
    from PyQt5.QtCore import QEvent, QObject, QPoint, Qt, QTimer
    from PyQt5.QtWidgets import QApplication, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget
    PASSWORD = QLineEdit.Password
    EXPOSE = QEvent.Expose


def changed(name):
    """The slot that prints a field's change."""
    return lambda text: print("changed %s %d %s" % (name, len(text), text), flush=True)


app = QApplication(sys.argv[:1])
window = QWidget()
window.setWindowTitle("stackboard qt%s target" % args.qt)
layout = QVBoxLayout(window)
text = QLineEdit()
text.setObjectName("text")
text.textChanged.connect(changed("text"))
password = QLineEdit()
password.setEchoMode(PASSWORD)
password.textChanged.connect(changed("password"))
number = QSpinBox()
number.setRange(0, 999999999)
number.lineEdit().textChanged.connect(changed("number"))
button = QPushButton("OK")
widgets = [("text", text), ("password", password), ("number", number), ("button", button)]
for _, w in widgets:
    layout.addWidget(w)
window.resize(320, 260)


class Reporter(QObject):
    """Prints the ready line once, after the window's first expose (its place is known by then)."""

    done = False

    def eventFilter(self, obj, event):
        if event.type() == EXPOSE and not self.done and window.windowHandle().isExposed():
            self.done = True
            QTimer.singleShot(0, report)
        return False


def report():
    parts = ["xid=%d" % int(window.winId())]
    for name, w in widgets:
        origin = w.mapToGlobal(QPoint(0, 0))
        parts.append("%s=%d,%d,%d,%d" % (name, origin.x(), origin.y(), w.width(), w.height()))
    print("ready " + " ".join(parts), flush=True)


reporter = Reporter()
window.show()
window.windowHandle().installEventFilter(reporter)
sys.exit(app.exec() if args.qt == "6" else app.exec_())

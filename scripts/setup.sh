#!/usr/bin/env bash
# Installs, with apt, the Debian packages Stackboard needs to build, run and test, when missing.
# Safe to run again: it only installs what dpkg does not already list as installed.
set -euo pipefail

PACKAGES=(
  pkg-config
  libx11-dev libxext-dev libxtst-dev libxi-dev   # X11, Shape, XTest, XInput2 (XKB is in libX11)
  libxrandr-dev libxinerama-dev           # monitors: RandR 1.5, Xinerama as the fallback
  libxkbcommon-dev                        # keysym <-> Unicode tables
  libcairo2-dev libpango1.0-dev           # painting and text
  libasound2-dev                          # click sounds
  xvfb openbox x11-utils x11-xkb-utils    # integration tests: server, WM, xprop, setxkbmap/xkbcomp
  x11-xserver-utils                       # typing tests: xmodmap (an outside keymap edit)
  matchbox-window-manager                 # second WM for focus tests
  xdotool                                 # reference for the typing benchmark
  imagemagick                             # screenshots (import)
  fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
  fonts-noto-core                         # xkb: layouts: Arabic, Hebrew, Indic, Thai, Georgian, Armenian, Ethiopic... (42 MB)
  xserver-xorg-core xserver-xorg-video-dummy   # touch tests (Xorg + inputtest)
  locales
  gettext                                 # msgfmt: the keyboard's catalogs (po/) compiled at build time
  python3                                 # scripts/make-clicks.py (click samples) and its --check test
  dpkg-dev debhelper desktop-file-utils   # the Debian package test (make deb), desktop file check
  libsystemd-dev                          # sd-bus: D-Bus control and auto-show (StackboardBus)
  dbus-daemon at-spi2-core                # auto-show tests: a private session bus, the accessibility bus
  python3-gi gir1.2-gtk-3.0               # auto-show tests: the GTK 3 focus target (Tests/Tools/focus-target.py)
  gir1.2-atspi-2.0                        # accessibility test: a screen reader's client (Tests/Tools/atspi-client.py)
  trayer                                  # tray tests: an XEmbed system tray (python3-gi: a StatusNotifierWatcher)
  chromium                                # auto-show tests: Chromium in kiosk mode (about 350 MB installed)
  firefox-esr                             # real-application tests (make test-apps): Firefox in kiosk mode
  python3-pyqt5 python3-pyqt6             # real-application tests: Qt 5 and Qt 6 windows (Tests/Tools)
  gir1.2-gtk-4.0 xterm                    # real-application tests: a GTK 4 window, xterm
  ibus ibus-libpinyin                     # real-application tests: taps composed through a desktop input method
  librime-dev rime-data-luna-pinyin       # pinyin composed by the keyboard itself (opened on first use)
  libopencc-dev                           # `words evaluate --language zh`: Simplified → Traditional for the pinyin
  libanthy-dev anthy                      # Japanese kana to kanji composed by the keyboard itself (opened on first use)
  fortunes-zh                             # held-out Chinese prose: only `words evaluate --language zh`, never tuning
  iso-codes                               # the settings panel's language names, translated (its JSON and gettext catalogs)
  speech-dispatcher espeak-ng             # spoken scanning (--speak) and its espeak-ng check (a WAV file)
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then SUDO=sudo; else
      echo "setup: need root to install ${missing[*]}: run as root or install sudo" >&2; exit 1
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # With recommends: the tests were validated that way (fonts, X server modules).
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# de_DE.UTF-8 for the locale-separator tests.
if command -v locale >/dev/null && ! locale -a 2>/dev/null | grep -qi '^de_DE.utf-\?8$'; then
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  if [ -f /etc/locale.gen ]; then
    $SUDO sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
    grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $SUDO tee -a /etc/locale.gen >/dev/null
    $SUDO locale-gen >/dev/null 2>&1 || true
  fi
fi

if ! command -v swift >/dev/null; then
  if [ -x /opt/swift/usr/bin/swift ]; then :; else
    echo "setup: no Swift toolchain found: install Swift 6 and put it on PATH (expected /opt/swift/usr/bin)" >&2
    exit 1
  fi
fi

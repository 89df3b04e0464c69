#!/usr/bin/env python3
"""Generates Stackboard's key click samples into Resources/sounds/ (48 kHz, 16-bit, mono WAV).

    scripts/make-clicks.py            # (re)write the five WAV files
    scripts/make-clicks.py --check    # exit 1 if the committed files differ from what this makes

Only the standard library. Every sound is a sum of decaying sines plus a little filtered
noise from a fixed-seed xorshift generator, so the output is the same on every run.
Each sample starts and ends on exactly 0 (no click-within-the-click from a DC step).

character  20 ms  a soft, bright tick
delete     25 ms  a lower, rounder tick
return     35 ms  a deeper "thock"
modifier   15 ms  a light, short tap, quieter
error      80 ms  a low double buzz (two 30 ms bursts)
"""
import math
import os
import struct
import sys
import wave

RATE = 48000
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "sounds")


def frames(ms):
    return RATE * ms // 1000


class Noise:
    """xorshift32 with a fixed seed: the same numbers in every Python version."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 2147483648.0 - 1.0


def envelope(i, n, attack, release):
    """Linear attack over `attack` frames, raised-cosine release over the last `release` frames."""
    a = min(1.0, i / attack) if attack > 0 else 1.0
    left = n - 1 - i
    r = 1.0 if left >= release else 0.5 - 0.5 * math.cos(math.pi * left / release)
    return a * r


def tick(ms, partials, noise_level, noise_tau_ms, noise_cutoff, gain, seed):
    """A decaying tick: partials are (frequency Hz, amplitude, decay time constant ms)."""
    n = frames(ms)
    rng = Noise(seed)
    lp = 0.0
    alpha = 1.0 - math.exp(-2.0 * math.pi * noise_cutoff / RATE)  # one-pole low-pass
    out = []
    for i in range(n):
        t = i / RATE
        v = 0.0
        for freq, amp, tau in partials:
            v += amp * math.exp(-t * 1000.0 / tau) * math.sin(2.0 * math.pi * freq * t)
        lp += alpha * (rng.next() - lp)
        v += noise_level * math.exp(-t * 1000.0 / noise_tau_ms) * lp
        out.append(gain * v * envelope(i, n, attack=frames(1) // 4, release=frames(3)))
    return out


def buzz(ms, bursts, freq, harmonics, gain):
    """A soft buzz: band-limited saw (1/k harmonics) gated into bursts of (start ms, length ms)."""
    n = frames(ms)
    out = [0.0] * n
    for start_ms, length_ms in bursts:
        start, length = frames(start_ms), frames(length_ms)
        for j in range(length):
            t = j / RATE
            v = sum(math.sin(2.0 * math.pi * freq * k * t) / k for k in range(1, harmonics + 1))
            out[start + j] = gain * v * envelope(j, length, attack=frames(3), release=frames(8))
    return out


def quantize(samples):
    data = bytearray()
    for i, v in enumerate(samples):
        s = int(round(v * 32767.0))
        s = max(-32767, min(32767, s))
        if i == 0 or i == len(samples) - 1:
            s = 0
        data += struct.pack("<h", s)
    return bytes(data)


SOUNDS = {
    "character": lambda: tick(20, [(1900, 0.55, 2.2), (3700, 0.20, 1.0), (420, 0.30, 4.0)],
                              noise_level=0.35, noise_tau_ms=1.2, noise_cutoff=6000, gain=0.55, seed=11),
    "delete": lambda: tick(25, [(1050, 0.60, 3.2), (2300, 0.18, 1.4), (300, 0.30, 5.0)],
                           noise_level=0.30, noise_tau_ms=1.5, noise_cutoff=3500, gain=0.55, seed=23),
    "return": lambda: tick(35, [(560, 0.60, 6.0), (230, 0.50, 9.0), (1500, 0.15, 2.0)],
                           noise_level=0.35, noise_tau_ms=2.0, noise_cutoff=2500, gain=0.6, seed=37),
    "modifier": lambda: tick(15, [(2700, 0.45, 1.6), (5200, 0.12, 0.7)],
                             noise_level=0.30, noise_tau_ms=0.8, noise_cutoff=8000, gain=0.4, seed=41),
    "error": lambda: buzz(80, [(0, 30), (45, 30)], freq=140, harmonics=6, gain=0.28),
}


def wav_bytes(pcm):
    """The whole WAV file for mono 16-bit `pcm`, written with the standard `wave` module."""
    import io
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)
    return buf.getvalue()


def main():
    check = "--check" in sys.argv[1:]
    os.makedirs(OUT_DIR, exist_ok=True)
    different = []
    for name, make in SOUNDS.items():
        data = wav_bytes(quantize(make()))
        path = os.path.normpath(os.path.join(OUT_DIR, name + ".wav"))
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            if not same:
                different.append(path)
        else:
            with open(path, "wb") as f:
                f.write(data)
            print(f"{path}: {(len(data) - 44) // 2} frames")
    if check:
        if different:
            print("make-clicks: these differ from what the script makes (run scripts/make-clicks.py):")
            for p in different:
                print("  " + p)
            return 1
        print("make-clicks: all samples match")
    return 0


if __name__ == "__main__":
    sys.exit(main())

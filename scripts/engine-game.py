#!/usr/bin/env python3
"""Plays a whole game through the engine (`mancala-hall engine`) and writes it as a
saved game, for the scripts that need a finished game (the gallery's review, idle.sh):
South at the computer's Player level, North at Expert, decision seeds 2, 3, ...

usage: python3 scripts/engine-game.py MANCALA_HALL GAME OUT.json
"""
import json
import subprocess
import sys

program, game, out = sys.argv[1:4]
engine = subprocess.Popen([program, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(cmd):
    engine.stdin.write(json.dumps(cmd) + "\n")
    engine.stdin.flush()
    return json.loads(engine.stdout.readline())


ask({"cmd": "new", "game": game})
levels = {"south": "player", "north": "expert"}
for seed in range(2, 402):
    legal = ask({"cmd": "legal"})
    if not legal.get("legal"):
        break
    choice = ask({"cmd": "ai", "level": levels[legal["to_decide"]], "seed": seed})
    ask({"cmd": "play", "decision": choice["decision"]})
record = ask({"cmd": "record"})["record"]
with open(out, "w") as f:
    json.dump({"version": 1, "seats": ["person", "computer"], "record": record}, f)

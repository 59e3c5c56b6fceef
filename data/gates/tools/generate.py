#!/usr/bin/env python3
"""Generates the STAND-IN map files of The Enemy is at the Gates: Berlin 1985 (data/gates/).

The printed maps are not in the rulebook (shared/rules/README.md). This script draws a
schematic Berlin of 1985 on the game's numbering space (80 x 80 hexes, four sheets) from the
outlines below, puts every hex the exclusive rules cite where they say it is, and writes
map.txt, regions.txt, hexsides.toml and places.toml. A club with the printed maps edits those
files (or this script) directly. Run: python3 data/gates/tools/generate.py
Outlines are in "visual" hex coordinates (column, row), where an even column's centre is half a
row lower (even columns are shifted toward higher rows, as 2.2.3's examples show).
"""
import math, os
from collections import deque

COLS, ROWS = 80, 80
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
S3 = math.sqrt(3)

def centre(c, r):
    return (1.5 * c, S3 * (r + (0.5 if c % 2 == 0 else 0.0)))

def pt(p):
    return (1.5 * p[0], S3 * p[1])

def nbrs(c, r):
    if c % 2 == 0:
        cand = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    else:
        cand = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    return [(a, b) for a, b in cand if 1 <= a <= COLS and 1 <= b <= ROWS]

HEXES = [(c, r) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]
def name(h): return "%02d.%02d" % h
def side(a, b): return "%s/%s" % tuple(sorted([name(a), name(b)]))

def inside(poly, h):
    x, y = centre(*h)
    pts = [pt(p) for p in poly]
    n, hit = len(pts), False
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit

def cross(p1, p2, p3, p4):
    def o(a, b, c): return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
    return (o(p1,p2,p3) > 0) != (o(p1,p2,p4) > 0) and (o(p3,p4,p1) > 0) != (o(p3,p4,p2) > 0)

def line_sides(poly):
    """Hexsides whose centre-to-centre link the polyline crosses: a connected chain of sides."""
    pts = [pt(p) for p in poly]
    out = set()
    for h in HEXES:
        for n in nbrs(*h):
            if n < h: continue
            a, b = centre(*h), centre(*n)
            if any(cross(a, b, pts[i], pts[i+1]) for i in range(len(pts)-1)):
                out.add((h, n) if (h[1], h[0]) < (n[1], n[0]) else (n, h))
    return out

# ---- regions -------------------------------------------------------------------------------
WEST = [(28,6),(36,7),(40,12),(44,16),(47,20),(49.5,22),(49.5,33.2),(54,36.5),(60,42),(66,46),
        (69,52),(67.5,58),(58,60.5),(50,60.5),(44,58),(38,56.5),(30,56.5),(22.5,54),(18,50),
        (12,44),(12.2,36),(16,30),(18,22),(22,14),(25,8)]
EAST = [(44,16),(42,8),(52,3.5),(66,5.5),(78,14),(79.5,34),(77,50),(78,62),(70,64.5),(67.5,58),
        (69,52),(66,46),(60,42),(54,36.5),(49.5,33.2),(49.5,22),(47,20)]
region = {}
for h in HEXES:
    region[h] = "W" if inside(WEST, h) else ("E" if inside(EAST, h) else "G")

# ---- terrain -------------------------------------------------------------------------------
terrain = {h: "." for h in HEXES}
def fill(poly, ch, where=None):
    for h in HEXES:
        if inside(poly, h) and (where is None or region[h] in where):
            terrain[h] = ch
for h in HEXES:
    if region[h] == "W": terrain[h] = "t"
    if region[h] == "E": terrain[h] = "t"
# Villages of the Brandenburg countryside (East Germany), a stand-in scatter.
for h in HEXES:
    c, r = h
    if region[h] == "G" and (c * 7 + r * 13) % 23 == 0: terrain[h] = "v"
# Potsdam (south-west) and towns on the edge of Berlin.
fill([(8,54),(18,54),(18,64),(8,64)], "t")
fill([(11,57),(16,57),(16,61),(11,61)], "c")
fill([(20,2),(26,2),(26,7),(20,7)], "t")          # Hennigsdorf
fill([(4,24),(10,24),(10,30),(4,30)], "t")        # Falkensee
fill([(40,62),(48,62),(48,67),(40,67)], "t")      # Teltow / Mahlow
# City centres: the old centre either side of the Wall, Charlottenburg, Schoeneberg, Neukoelln.
fill([(36,24),(49.5,23),(49.5,33),(52,37.5),(46,40),(36,38)], "c", "W")
fill([(49.5,20),(60,18),(64,26),(62,34),(54,36.5),(49.5,33)], "c", "E")
fill([(55,40),(62,43),(64,48),(58,48)], "c", "W")
fill([(24,22),(30,22),(30,28),(24,28)], "c", "W")  # Spandau old town
# Woods: Spandauer Forst, Tegeler Forst, Grunewald, Duppel, Koepenick forests, Brandenburg.
fill([(17,12),(25,10),(27,18),(19,22)], "w")
fill([(28,13),(36,12),(37,20),(29,21)], "w", "W")
fill([(24.5,31),(33,31.5),(34.5,45),(28,51),(24,48)], "w", "W")
fill([(26,51),(32,50),(33,55),(27,55)], "w", "W")
fill([(64,40),(78,38),(78,62),(68,62),(64,52)], "w", "E")
fill([(2,34),(10,32),(11,46),(3,48)], "w")
fill([(70,66),(80,64),(80,80),(66,80)], "w")
fill([(20,66),(34,66),(30,78),(18,78)], "w")
fill([(44,27.2),(49.4,27.2),(49.4,30.2),(44,30.2)], "w", "W")   # Tiergarten (park: woods dot)
fill([(36,20),(40,20),(40,22),(36,22)], "w", "W")               # Jungfernheide
fill([(52,40),(56,40),(56,44),(52,44)], "w", "W")               # Hasenheide / Tempelhof park edge
# Marsh: the Havel meadows (Havellaendisches Luch) and the Spree meadows east.
fill([(2,12),(14,10),(14,20),(2,22)], "m")
fill([(76,28),(80,26),(80,36),(77,36)], "m")
# Airfield hexes are Clear (the dot decides, 1.2).
AIRFIELDS = {
    "Tempelhof": [(51,38),(52,38),(51,39),(52,39),(53,39),(52,40),(53,40)],
    "Tegel": [(36,23),(37,23),(36,24),(37,24),(38,24),(37,25)],
    "Gatow": [(14,40),(15,40),(15,41),(16,41),(14,41)],
    "Schoenefeld": [(60,64),(61,64),(62,64),(60,65),(61,65),(62,65),(61,66)],
}
for hs in AIRFIELDS.values():
    for h in hs: terrain[h] = "."
# Lakes (no dot, not playable).
LAKES = [
    [(29.6,16.2),(33.5,16.6),(34.4,20.2),(30,20.6)],                          # Tegeler See
    [(19.2,31),(23.8,31.4),(24,40),(25.2,47),(23.8,52.6),(19.6,52),(20.5,44),(18.6,38)],  # Havel
    [(16.4,52),(21.4,52.5),(21.6,55.2),(16,55.5)],                            # Jungfernsee
    [(69.4,43.4),(75.6,43.2),(75.8,48.2),(69.6,48.2)],                        # Mueggelsee
    [(66,56),(69.5,55.5),(70,60),(66.5,60.5)],                                # Seddinsee
    [(35.6,35.2),(36.4,35.2),(36.4,36.2),(35.6,36.2)],                        # Halensee
    [(6,68),(14,67),(15,73),(5,74)],                                          # Schwielowsee
]
for L in LAKES: fill(L, "~")

# ---- cited hexes: the rules put these where they are ---------------------------------------
CITED = {  # hex: (kind, name, case)
    (30,35): ("teufelsberg", "Teufelsberg", "2.4"),
    (26,26): ("prison", "Spandau Prison", "3.4.1"),
    (66,32): ("prison", "Stasi Prison", "3.4.1"),
    (31,11): ("police_hq", "Polizei Direktion 1", "2.5"),
    (28,29): ("police_hq", "Polizei Direktion 2", "2.5"),
    (38,32): ("police_hq", "Polizei Direktion 3", "2.5"),
    (32,48): ("police_hq", "Polizei Direktion 4", "2.5"),
    (65,52): ("police_hq", "Polizei Direktion 5", "2.5"),
    (43,34): ("police_hq", "Polizei Independent", "2.5"),
    (37,34): ("water_police_hq", "Wasserschutzpolizei", "2.5"),
    (53,24): ("customs_police", "Customs Police", "2.5"),
    (19,58): ("reinforcement", "Reinforcement hex", "3.5"),
    (22,30): ("nato_position", "NATO position", "2.5"),
    (52,39): ("spotter_base", "US AvDt base", "8.3"),
    (15,41): ("spotter_base", "7 AAC base", "8.3"),
    (37,24): ("spotter_base", "ALAT base", "8.3"),
}
WANT_REGION = {(19,58): "G", (53,24): "E", (66,32): "E"}
for h in CITED:
    want = WANT_REGION.get(h, "W")
    assert region[h] == want, (h, region[h], want)
    assert terrain[h] != "~", h

# ---- water ---------------------------------------------------------------------------------
RIVERS = {
    # The Havel from Hennigsdorf to Spandau (through 26.25, 2.2.4) and on to the Havel lakes;
    # below Potsdam to the south-west edge.
    "Havel": [[(21.3,0.6),(23.2,6),(25.1,12),(26.4,18.3),(26.6,24.55),(26.2,25.9),(25.4,28.3),(23.2,30.8),(21.3,31.6)],
              [(17.3,55.2),(14.2,60),(10.3,66.2),(9.3,68.6)]],
    # The Spree from the east edge through the Mueggelsee, Koepenick, Treptow, the centre
    # (crossing the Wall), Moabit, Charlottenburg (33.25, 2.2.3) to the Havel at Spandau.
    "Spree": [[(80.6,45.1),(75.9,45.3)], [(69.4,45.6),(64.2,43.2),(60.3,39.2),(56.2,35.2),(52.3,31.1),(50.2,28.3),(47.3,26.3),
              (42.2,25.2),(38.3,24.9),(35.2,24.8),(33.3,24.65),(31.2,25.3),(28.3,25.2),(26.9,25.1)]],
    "Dahme": [[(68.1,60.5),(67.3,52.3),(66.4,46.2),(65.6,44.4)]],
    "Nuthe": [[(12.5,60.2),(14.3,70.4),(16.2,80.6)]],
}
CANALS = {
    "Landwehrkanal": [[(56.1,35.6),(52.2,36.3),(48.3,34.2),(44.3,31.3),(41.2,27.6),(40.1,25.2)]],
    "Teltowkanal": [[(25.3,50.3),(30.2,51.3),(36.1,49.3),(42.1,47.3),(44.0,47.02),(46.0,47.3),(52.2,47.4),(58.1,46.2),(62.1,43.6),(63.6,43.0)]],
    "Hohenzollernkanal": [[(38.6,24.9),(37.2,22.1),(35.3,20.2),(33.8,19.6)]],
    "Britzer Zweigkanal": [[(50.2,47.3),(53.2,44.2),(58.3,42.2),(60.1,40.0)]],
}
STREAMS = {
    "Tegeler Fliess": [[(34.3,19.8),(38.2,15.2),(42.2,10.3),(46.1,6.4),(48.3,2.2)]],
    "Panke": [[(50.4,29.4),(51.3,22.2),(52.2,14.3),(54.3,4.4),(55.2,0.6)]],
    "Wuhle": [[(66.0,44.0),(70.2,36.3),(72.3,26.2),(74.2,16.3),(75.3,8.2)]],
    "Krumme Lanke": [[(27.2,42.3),(31.2,44.2),(35.3,45.3),(38.2,47.6)]],
}
def sides_of(polys):
    s = set()
    for p in polys: s |= line_sides(p)
    return s
def dry(sides):  # sides touching a lake are shores, not listed
    return {s for s in sides if terrain[s[0]] != "~" and terrain[s[1]] != "~"}
river = {k: dry(sides_of(v)) for k, v in RIVERS.items()}
canal = {k: dry(sides_of(v)) for k, v in CANALS.items()}
stream = {k: dry(sides_of(v)) for k, v in STREAMS.items()}

# Hexes a river crosses inside the hex (2.2.3, 2.2.4): their own sides are not river sides.
DIVIDED = [  # hex, divider, first part (toward these hexes), bridge, case
    ((26,25), "river", [(26,24),(25,25),(25,26)], True, "2.2.4"),
    ((44,46), "river", [(44,45),(45,46),(45,47),(43,47),(43,46)], False, "2.2.3"),
]
GRAY = [((33,25), [(32,24),(33,24),(34,24)], "2.2.3")]
for h, _, first, _, _ in DIVIDED:
    for d in (river, canal):
        for k in d:
            d[k] = {s for s in d[k] if h not in s}
    ring = nbrs(*h)
    for a in ring:       # the river runs on between the two parts' neighbours
        for b in nbrs(*a):
            if b in ring and (a in first) != (b in first):
                s = (a, b) if (a[1], a[0]) < (b[1], b[0]) else (b, a)
                if all(s not in v for d in (river, canal) for v in d.values()):
                    (canal["Teltowkanal"] if h == (44,46) else river["Havel"]).add(s)
# The Teltow Canal runs through the south of 44.46: keep its banks to the ones 2.2.3 names.
canal["Teltowkanal"] -= {((43,47),(44,46)) , ((44,46),(45,47))}

# ---- relief --------------------------------------------------------------------------------
level = {}
def hill(top, lv1, lv2):
    for h in HEXES:
        d = math.dist(centre(*h), centre(*top)) / S3
        if d < lv2: level[h] = 2
        elif d < lv1: level[h] = 1
hill((30,35), 2.6, 0.6)     # Teufelsberg, the highest ground of West Berlin (2.4)
hill((72,51), 3.2, 1.2)     # Mueggelberge
hill((14,46), 2.2, 0.5)     # Kladow / Gatow heights
hill((57,13), 2.5, 0.6)     # Barnim edge, north-east
for h in list(level):
    if terrain[h] == "~": del level[h]
slopes = set()
for h in HEXES:
    for n in nbrs(*h):
        if h < n and level.get(h, 0) != level.get(n, 0) and "~" not in (terrain[h], terrain[n]):
            slopes.add((h, n) if (h[1], h[0]) < (n[1], n[0]) else (n, h))

# ---- the Wall ------------------------------------------------------------------------------
wall = set()
for h in HEXES:
    for n in nbrs(*h):
        if region[h] == "W" and region[n] != "W":
            wall.add((h, n) if (h[1], h[0]) < (n[1], n[0]) else (n, h))
wire = {s for s in wall if all(c <= 16 and 34 <= r <= 48 for c, r in s)}   # 2.2.6 near Gatow
# Access points: 49.30/50.30 (2.5); the others are stand-ins (Invalidenstrasse, Bornholmer
# Strasse, Heerstrasse/Staaken, Dreilinden, Sonnenallee, Oberbaumbruecke).
assert ((49,30),(50,30)) in wall
access = {((49,30),(50,30))}
for near in [(49.5,26), (48,21), (15.5,30.5), (21,56), (62,44), (54,35.5)]:
    access.add(min(wall, key=lambda s: math.dist(pt(near), ((centre(*s[0])[0]+centre(*s[1])[0])/2, (centre(*s[0])[1]+centre(*s[1])[1])/2))))

# ---- routes --------------------------------------------------------------------------------
def route(points):
    path = [points[0]]
    for a, b in zip(points, points[1:]):
        prev = {a: None}
        q = deque([a])
        while q:
            h = q.popleft()
            if h == b: break
            for n in sorted(nbrs(*h), key=lambda n: math.dist(centre(*n), centre(*b))):
                if n not in prev and terrain[n] != "~":
                    prev[n] = h
                    q.append(n)
        seg, h = [], b
        while h != a:
            seg.append(h); h = prev[h]
        path += seg[::-1]
    return path
HIGHWAYS = {
    "AVUS and Autobahn A115 (transit route, Dreilinden)": [(19,58),(28,52),(34,42),(38,31)],
    "Stadtring A100": [(38,31),(40,27),(38,21),(36,17)],
    "Autobahn A111 (transit route north)": [(36,17),(31,8),(28,1)],
    "Berliner Ring (GDR)": [(2,40),(6,60),(24,74),(48,70),(66,70),(79,60)],
    "Autobahn to Frankfurt (Oder)": [(66,70),(70,60),(79,50)],
}
ROADS = {
    "Heerstrasse": [(15,31),(22,30),(28,31),(34,31),(38,31)],
    "Kaiserdamm and Strasse des 17. Juni": [(38,31),(44,29),(49,30)],
    "Unter den Linden and Frankfurter Allee": [(50,30),(56,27),(64,26),(79,27)],
    "Spandauer Damm": [(25,25),(26,25),(27,25),(32,28),(38,28)],
    "Kurfuerstendamm and Bundesallee": [(38,32),(44,33),(46,40),(44,50),(45,60)],
    "Tempelhofer Damm": [(50,33),(52,37),(52,46),(51,60)],
    "Karl-Marx-Strasse": [(56,38),(60,44),(65,52),(66,58)],
    "Clayallee and Koenigin-Luise-Strasse": [(32,48),(36,44),(40,38)],
    "Potsdamer Chaussee": [(13,58),(18,57),(24,55),(28,52),(32,48)],
    "Mueller- and Scharnweberstrasse": [(49,26),(43,24),(37,24),(31,11)],
    "Prenzlauer and Schoenhauser Allee": [(51,27),(55,18),(58,4)],
    "Adlergestell": [(56,34),(64,42),(66,52),(70,64)],
    "Landsberger Allee": [(53,24),(60,24),(66,32),(79,36)],
    "Gatow road": [(15,41),(16,36),(22,30)],
    "Oranienburger Chaussee": [(31,11),(30,1)],
    "Nauener Strasse": [(25,25),(15,24),(1,22)],
    "Invalidenstrasse": [(45,26),(49,26),(50,26),(53,24)],
}
RAILS = {
    "Stadtbahn (S-Bahn)": [(24,26),(30,27),(38,29),(45,28),(50,29),(56,31),(64,30),(79,29)],
    "Ringbahn (S-Bahn, west)": [(40,26),(38,32),(42,38),(52,40)],
    "Ringbahn (S-Bahn, north)": [(40,26),(46,22),(51,22)],
    "Wannseebahn (S-Bahn)": [(47,33),(40,44),(30,52),(20,55)],
    "Anhalter Bahn (S-Bahn)": [(48,33),(50,48),(50,62)],
    "Goerlitzer Bahn (S-Bahn)": [(54,35),(64,46),(70,58),(72,66)],
    "Stettiner Bahn (S-Bahn)": [(49,27),(52,16),(53,1)],
    "Berlin outer ring (GDR)": [(1,34),(8,20),(20,1)],
}
hw = {k: route(v) for k, v in HIGHWAYS.items()}
rd = {k: route(v) for k, v in ROADS.items()}
rl = {k: route(v) for k, v in RAILS.items()}
# stand-in: the Baumschulenweg ferry over the Spree, on the Spree side nearest to it
FERRY = min((s for s in river["Spree"] if not any(s in v for v in (set().union(*[set(zip(p, p[1:])) | set(zip(p[1:], p)) for p in list(hw.values()) + list(rd.values()) + list(rl.values())]),))),
            key=lambda s: math.dist(pt((60.3, 39.6)), centre(*s[0])))

# ---- write ---------------------------------------------------------------------------------
HEAD = ("# The Enemy is at the Gates: Berlin 1985 -- STAND-IN generated by data/gates/tools/generate.py.\n"
        "# The printed maps are not in the rulebook (shared/rules/README.md); every hex the exclusive\n"
        "# rules cite is where they put it, the rest is a schematic Berlin of 1985. Replace with your maps.\n")
def grid(fn, cell, legend):
    with open(os.path.join(OUT, fn), "w") as f:
        f.write(HEAD + legend)
        f.write("#    " + "".join(str(c // 10) for c in range(1, COLS + 1)) + "\n")
        f.write("#    " + "".join(str(c % 10) for c in range(1, COLS + 1)) + "\n")
        for r in range(1, ROWS + 1):
            f.write("%02d | %s\n" % (r, "".join(cell((c, r)) for c in range(1, COLS + 1))))
grid("map.txt", lambda h: terrain[h],
     "# One terrain dot per hex (1.2; series S7.3-T): . clear  w woods  v village  t town  c city\n"
     "# m marsh  ~ water (lakes: no dot, not playable). Airfields are clear hexes (places.toml).\n")
grid("regions.txt", lambda h: region[h],
     "# W West Berlin, E East Berlin, G East Germany (barred to NATO, 1.2). The Wall runs on every\n"
     "# side between W and another region (hexsides.toml).\n")

def sl(sides, per=8):
    items = sorted(side(a, b) for a, b in sides)
    out = []
    for i in range(0, len(items), per):
        out.append("  " + ", ".join('"%s"' % s for s in items[i:i+per]) + ",")
    return "[\n" + "\n".join(out) + "\n]"
def pl(path, per=16):
    words = [name(h) for h in path]
    return '"""\n' + "\n".join(" ".join(words[i:i+per]) for i in range(0, len(words), per)) + '"""'

with open(os.path.join(OUT, "hexsides.toml"), "w") as f:
    f.write(HEAD.replace("#", "#", 1))
    f.write("# A hexside is written as its two hexes, \"49.30/50.30\"; a path as the hexes it runs through.\n"
            "# Rivers and canals (2.2.3) may not be crossed; a route crossing one is a bridge (2.2.4,\n"
            "# derived by the loader); a ferry side (2.2.5) is listed in ferries. Sides next to a lake are\n"
            "# shores and are not listed.\nstand_in = true\n\n")
    f.write("# 2.2.5 ferries (stand-in: the Baumschulenweg ferry over the Spree).\nferries = %s\n\n" % sl({FERRY}))
    for kind, d, note in [("river", river, "2.2.3"), ("canal", canal, "2.2.3 (canals are river hexsides)"),
                          ("stream", stream, "2.2.2")]:
        for k, v in d.items():
            f.write("[[%s]] # %s\nname = \"%s\"\nsides = %s\n\n" % (kind, note, k, sl(v)))
    f.write("[[slope]] # 2.2.1: the edges of Teufelsberg, the Mueggelberge, Kladow and the Barnim\nname = \"slopes\"\nsides = %s\n\n" % sl(slopes))
    f.write("# 2.2.6 the Berlin Wall: every side between West Berlin and East Berlin or East Germany.\n"
            "# wire: the barbed-wire stretches near Gatow; access: crossing points (49.30/50.30 from 2.5,\n"
            "# the others stand-ins).\n[wall]\nsides = %s\nwire = %s\naccess = %s\n\n" % (sl(wall), sl(wire), sl(access)))
    for h, div, first, bridge, case in DIVIDED:
        f.write("[[divided]] # %s\nhex = \"%s\"\ndivider = \"%s\"\nfirst = [%s]\nbridge = %s\n\n" % (
            case, name(h), div, ", ".join('"%s"' % name(x) for x in first), "true" if bridge else "false"))
    for h, toward, case in GRAY:
        f.write("[[gray]] # %s\nhex = \"%s\"\ntoward = [%s]\n\n" % (case, name(h), ", ".join('"%s"' % name(x) for x in toward)))
    for kind, d, note in [("highway", hw, "2.1.7"), ("road", rd, "2.1.9"), ("rail", rl, "2.1.8 (S-Bahn and main lines)")]:
        for k, v in d.items():
            f.write("[[%s]] # %s\nname = \"%s\"\npath = %s\n\n" % (kind, note, k, pl(v)))

DISTRICTS = {
    "SPANDAU": (22,20), "REINICKENDORF": (38,12), "WEDDING": (46,22), "CHARLOTTENBURG": (36,29),
    "TIERGARTEN": (45,30), "KREUZBERG": (52,35), "SCHOENEBERG": (45,37), "WILMERSDORF": (39,38),
    "ZEHLENDORF": (30,50), "STEGLITZ": (40,46), "TEMPELHOF": (50,44), "NEUKOELLN": (58,47),
    "MITTE": (54,28), "PRENZLAUER BERG": (55,20), "FRIEDRICHSHAIN": (60,30), "PANKOW": (50,10),
    "WEISSENSEE": (62,16), "LICHTENBERG": (68,28), "TREPTOW": (62,38), "KOEPENICK": (72,42),
    "MARZAHN": (74,20), "POTSDAM": (13,59), "EAST GERMANY": (8,6), "GRUNEWALD": (27,40),
    "HAVEL": (21,44), "SPREE": (42,25), "WEST BERLIN": (30,18), "EAST BERLIN": (64,12),
}
with open(os.path.join(OUT, "places.toml"), "w") as f:
    f.write(HEAD)
    f.write("# Every hex the exclusive rules cite is where they put it (case in `case`); the kinds and\n"
            "# what the loader makes of them are in README.md.\nstand_in = true\n\n")
    for lv in (1, 2):
        f.write("[[level]] # ground level (series S8.3); stand-in heights, Teufelsberg highest (2.4)\nlevel = %d\nhexes = %s\n\n" % (
            lv, sl([(h, h) for h in HEXES if level.get(h) == lv], 12).replace("/", "").replace('"', "'") if False else
            "[\n" + "\n".join("  " + ", ".join('"%s"' % name(h) for h in ch) + "," for ch in
                               [ [h for h in HEXES if level.get(h) == lv][i:i+12] for i in range(0, sum(1 for h in HEXES if level.get(h) == lv), 12)]) + "\n]"))
    for h, (kind, nm, case) in sorted(CITED.items(), key=lambda x: (x[1][0], x[0])):
        f.write("[[place]]\nname = \"%s\"\nkind = \"%s\"\nhexes = [\"%s\"]\ncase = \"%s\"\n\n" % (nm, kind, name(h), case))
    for nm, hs in AIRFIELDS.items():
        f.write("[[place]] # 3.11.4, 6.0; stand-in extent\nname = \"%s\"\nkind = \"airfield\"\nhexes = [%s]\n\n" % (
            nm, ", ".join('"%s"' % name(h) for h in hs)))
    for t, h in DISTRICTS.items():
        f.write("[[label]]\ntext = \"%s\"\nhex = \"%s\"\n\n" % (t, name(h)))
print("hexes: W %d E %d G %d lakes %d wall %d" % (
    sum(1 for v in region.values() if v == "W"), sum(1 for v in region.values() if v == "E"),
    sum(1 for v in region.values() if v == "G"), sum(1 for v in terrain.values() if v == "~"), len(wall)))

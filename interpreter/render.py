"""A player's view as text for the terminal."""

from __future__ import annotations


def _component(c: dict) -> str:
    attrs = " ".join(str(v) for k, v in c.items() if k not in ("id", "type", "owner"))
    return f"{c['type']} {attrs}".strip()


def _zone(z: dict) -> str:
    if "components" in z:
        return "[" + ", ".join(_component(c) for c in z["components"]) + "]" if z["components"] else "[]"
    text = f"{z['count']} hidden" if "count" in z else "hidden"
    if z.get("revealed"):
        text += " (shown: " + ", ".join(_component(c) for c in z["revealed"]) + ")"
    return text


def render_view(view: dict, ruleset) -> str:
    """Zones, variables, dice and scores as the seat sees them."""
    lines = [f"round {view['round']}  scores {view['scores']}"]
    for name, zone in view["zones"].items():
        if isinstance(zone, list):
            for i, z in enumerate(zone):
                mine = " (you)" if ruleset.zones[name].kind == "player" and i == view["seat"] else ""
                lines.append(f"  {name}[{i}]{mine}: {_zone(z)}")
        else:
            lines.append(f"  {name}: {_zone(zone)}")
    for name, value in view["variables"].items():
        lines.append(f"  {name} = {value}")
    for name, face in view["dice"].items():
        if face is not None:
            lines.append(f"  {name} shows " + " ".join(f"{k}={v}" for k, v in face.items()))
    return "\n".join(lines)

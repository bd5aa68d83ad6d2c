#!/usr/bin/python3
"""Resolves deploy/compose.yaml's two profiles as Compose would, without a container engine.

Usage: compose_check.py COMPOSE_FILE (run by tests/it/deploy.rs with Debian's /usr/bin/python3, which has Debian's
docker-compose package).

Two resolvers, since the two Compose generations differ where the file once failed:

1. The Compose specification's interpolation, as `docker compose` (v2) applies it: every string value of the
   whole file is interpolated before profiles are applied, so a `${VAR:?message}` in a service of one profile
   stops the other profile too. This is a faithful reading of the specification's forms (`$$`, `$VAR`, `${VAR}`,
   `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `${VAR:+alt}`, `${VAR+alt}`, nested
   defaults), applied to the file as YAML loads it (anchors and `<<` merges resolved); then a profile's services
   are those that list it.
2. Debian's docker-compose 1.29 itself (its `compose` package): its schema check (it rejects a top-level `name:`),
   its interpolation, and its services' own test of a profile.

Each case gives an environment and the services and values the profile must resolve to; the first mismatch or
error ends the script with a non-zero status. Prints `compose: all checks passed`.
"""

import os
import re
import sys

import yaml

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Missing(Exception):
    pass


def interpolate(text, env):
    """The Compose specification's interpolation of one string value."""
    out, at = [], 0
    while at < len(text):
        ch = text[at]
        if ch != "$":
            out.append(ch)
            at += 1
            continue
        nxt = text[at + 1:at + 2]
        if nxt == "$":
            out.append("$")
            at += 2
        elif nxt == "{":
            # The closing brace, skipping nested ${...} in a default.
            depth, end = 1, at + 2
            while end < len(text) and depth:
                if text.startswith("${", end):
                    depth, end = depth + 1, end + 2
                    continue
                depth -= text[end] == "}"
                end += 1
            if depth:
                raise Missing(f"unterminated ${{ in {text!r}")
            out.append(expand(text[at + 2:end - 1], env))
            at = end
        else:
            name = NAME.match(text, at + 1)
            if not name:
                raise Missing(f"a lone $ in {text!r}: write $$")
            out.append(env.get(name.group(), ""))
            at = name.end()
    return "".join(out)


def expand(body, env):
    name = NAME.match(body)
    if not name:
        raise Missing(f"invalid ${{{body}}}")
    var, rest = name.group(), body[name.end():]
    value, is_set = env.get(var), var in env
    if not rest:
        return value or ""
    for op in (":-", ":?", ":+", "-", "?", "+"):
        if rest.startswith(op):
            arg = rest[len(op):]
            present = bool(value) if op.startswith(":") else is_set
            if op.endswith("-"):
                return value if present else interpolate(arg, env)
            if op.endswith("?"):
                if not present:
                    raise Missing(f"{var}: {interpolate(arg, env)}")
                return value
            return interpolate(arg, env) if present else ""
    raise Missing(f"invalid ${{{body}}}")


def interpolate_all(node, env):
    if isinstance(node, dict):
        return {k: interpolate_all(v, env) for k, v in node.items()}
    if isinstance(node, list):
        return [interpolate_all(v, env) for v in node]
    return interpolate(node, env) if isinstance(node, str) else node


def spec_services(path, profile, env):
    """The profile's services as the specification resolves them (v2): the whole file interpolated first."""
    with open(path) as f:
        model = interpolate_all(yaml.safe_load(f), env)
    return {name: service for name, service in model["services"].items()
            if not service.get("profiles") or profile in service["profiles"]}


def v1_services(path, profile, env):
    """The profile's services as Debian's docker-compose 1.29 resolves them: its loader (schema, interpolation,
    merges) and its services' own profile test (`Service.enabled_for_profiles`, what `Project.get_services`
    applies; a Project itself wants a Docker client)."""
    from compose.config import config
    from compose.config.environment import Environment
    from compose.service import Service

    environment = Environment(env)
    details = config.find(os.path.dirname(path), [os.path.basename(path)], environment)
    resolved = {}
    for options in config.load(details).services:
        options = dict(options)
        service = Service(options.pop("name"), project="hexfold", **options)
        if service.enabled_for_profiles([profile]):
            resolved[service.name] = service.options
    return resolved


def environment_of(service):
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return env


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"ok: {what}")


def main():
    path = os.path.abspath(sys.argv[1])
    cases = [
        ("sled", {}, {"hexfold"}),
        ("sled", {"HEXFOLD_OPERATOR_TOKEN": "op"}, {"hexfold"}),
        ("postgres", {"HEXFOLD_DB_PASSWORD": "pw", "HEXFOLD_OPERATOR_TOKEN": "op"},
         {"db", "hexfold-a", "hexfold-b"}),
    ]
    for profile, env, expected in cases:
        for resolver, services in (("compose spec", spec_services), ("docker-compose 1.29", v1_services)):
            what = f"{resolver}: --profile {profile} with {sorted(env) or 'no variables'}"
            try:
                resolved = services(path, profile, env)
            except Exception as err:  # noqa: BLE001 - any failure to resolve is the finding
                raise AssertionError(f"{what}: {type(err).__name__}: {err}") from err
            check(set(resolved) == expected, f"{what} resolves to {sorted(resolved)}")
            for name in expected - {"db"}:
                server = environment_of(resolved[name])
                check(server.get("HEXFOLD_OPERATOR_TOKEN", "") == env.get("HEXFOLD_OPERATOR_TOKEN", ""),
                      f"{what}: {name} gets the operator token from the shell")
            if profile == "postgres":
                check(environment_of(resolved["db"])["POSTGRES_PASSWORD"] == "pw",
                      f"{what}: the database gets the password")
                for name in ("hexfold-a", "hexfold-b"):
                    check(environment_of(resolved[name])["HEXFOLD_STORE"] == "postgres://hexfold:pw@db/hexfold",
                          f"{what}: {name} connects with it")
    print("compose: all checks passed")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)

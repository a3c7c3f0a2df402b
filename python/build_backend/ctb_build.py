"""A minimal PEP 517 / PEP 660 build backend, standard library only.

It lets ``pip install ./python`` (and ``pip install -e ./python``) work with no
build dependencies to download.  It packs the ``cuda_tile_bytecode`` package
into a pure-Python wheel; the metadata comes from the ``[project]`` and
``[project.scripts]`` tables of ``pyproject.toml`` (only ``key = "string"``
and ``key = ["string", ...]`` entries are understood, which is all this
project uses).
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "cuda_tile_bytecode"
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def _pyproject():
    tables = {}
    current = None
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        header = re.match(r"^\[([A-Za-z0-9_.-]+)\]$", line)
        if header:
            current = tables.setdefault(header.group(1), {})
            continue
        m = re.match(r'^([A-Za-z0-9_.-]+|"[^"]+")\s*=\s*(.*)$', line)
        if not m or current is None:
            continue
        key, value = m.group(1).strip('"'), m.group(2).strip()
        if value.startswith("[") and not value.endswith("]"):
            while i < len(lines) and "]" not in value:
                value += " " + lines[i].strip()
                i += 1
        if value.startswith('"'):
            current[key] = value[1:value.index('"', 1)]
        elif value.startswith("["):
            current[key] = re.findall(r'"([^"]*)"', value)
    return tables


def _meta():
    tables = _pyproject()
    project = tables.get("project", {})
    return project, tables.get("project.scripts", {})


def _dist_name(project):
    return re.sub(r"[-_.]+", "_", project["name"]).lower()


def _dist_info(project):
    return "%s-%s.dist-info" % (_dist_name(project), project["version"])


def _metadata_text(project):
    lines = ["Metadata-Version: 2.1", "Name: %s" % project["name"],
             "Version: %s" % project["version"]]
    if project.get("description"):
        lines.append("Summary: %s" % project["description"])
    if project.get("requires-python"):
        lines.append("Requires-Python: %s" % project["requires-python"])
    for c in project.get("classifiers", []):
        lines.append("Classifier: %s" % c)
    readme = project.get("readme")
    body = ""
    if readme and os.path.exists(os.path.join(ROOT, readme)):
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(ROOT, readme), encoding="utf-8") as f:
            body = f.read()
    return "\n".join(lines) + "\n\n" + body


def _entry_points_text(scripts):
    if not scripts:
        return None
    return "[console_scripts]\n" + "".join("%s = %s\n" % kv for kv in sorted(scripts.items()))


def _wheel_text():
    return ("Wheel-Version: 1.0\nGenerator: ctb_build\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n")


def _package_files():
    base = os.path.join(ROOT, PACKAGE)
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                full = os.path.join(dirpath, name)
                out.append((os.path.relpath(full, ROOT).replace(os.sep, "/"), full))
    return out


def _write_wheel(path, entries):
    """``entries``: [(archive name, bytes)]; adds RECORD."""
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, _FIXED_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append("%s,sha256=%s,%d" % (name, digest, len(data)))
        dist_info = [n for n, _ in entries if n.endswith(".dist-info/METADATA")][0].rsplit("/", 1)[0]
        record.append("%s/RECORD,," % dist_info)
        info = zipfile.ZipInfo("%s/RECORD" % dist_info, _FIXED_TIME)
        info.external_attr = 0o644 << 16
        zf.writestr(info, "\n".join(record) + "\n")


def _metadata_entries(project, scripts):
    dist_info = _dist_info(project)
    entries = [("%s/METADATA" % dist_info, _metadata_text(project).encode("utf-8")),
               ("%s/WHEEL" % dist_info, _wheel_text().encode("utf-8"))]
    ep = _entry_points_text(scripts)
    if ep:
        entries.append(("%s/entry_points.txt" % dist_info, ep.encode("utf-8")))
    entries.append(("%s/top_level.txt" % dist_info, (PACKAGE + "\n").encode("utf-8")))
    return entries


def _wheel_name(project):
    return "%s-%s-py3-none-any.whl" % (_dist_name(project), project["version"])


# PEP 517 hooks ---------------------------------------------------------------
def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    project, scripts = _meta()
    dist_info = _dist_info(project)
    for name, data in _metadata_entries(project, scripts):
        target = os.path.join(metadata_directory, *name.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project, scripts = _meta()
    entries = []
    for name, full in _package_files():
        with open(full, "rb") as f:
            entries.append((name, f.read()))
    entries += _metadata_entries(project, scripts)
    name = _wheel_name(project)
    _write_wheel(os.path.join(wheel_directory, name), entries)
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    project, scripts = _meta()
    entries = [("__editable__.%s.pth" % _dist_name(project), (ROOT + "\n").encode("utf-8"))]
    entries += _metadata_entries(project, scripts)
    name = _wheel_name(project)
    _write_wheel(os.path.join(wheel_directory, name), entries)
    return name


def build_sdist(sdist_directory, config_settings=None):
    project, _ = _meta()
    base = "%s-%s" % (_dist_name(project), project["version"])
    name = base + ".tar.gz"
    files = ["pyproject.toml", "README.md", "build_backend/ctb_build.py"]
    files += [rel for rel, _ in _package_files()]
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tf:
        for rel in files:
            full = os.path.join(ROOT, *rel.split("/"))
            if os.path.exists(full):
                tf.add(full, arcname="%s/%s" % (base, rel))
        pkg_info = _metadata_text(project).encode("utf-8")
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        info.size = len(pkg_info)
        tf.addfile(info, io.BytesIO(pkg_info))
    with open(os.path.join(sdist_directory, name), "wb") as f:
        f.write(buf.getvalue())
    return name

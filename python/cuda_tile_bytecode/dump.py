"""Readable listing of a bytecode file, in the spirit of llvm-bcanalyzer.

The listing shows the header, every section with its offsets and sizes, the
string, type and constant tables, the debug-info tables, the globals, and
each function with its ops (file offset, results, operands, attributes,
types and nested regions).  Offsets are absolute file offsets in decimal.

If the file is malformed, everything decoded before the failure is printed
and the :class:`~.wire.DecodeError` is re-raised.
"""

import sys

from .model import _quote
from .reader import BytecodeReader
from .wire import DecodeError

__all__ = ["dump", "format_module"]


def _hex(data, limit=32):
    text = " ".join("%02x" % b for b in data[:limit])
    if len(data) > limit:
        text += " ... (%d bytes)" % len(data)
    return text


class _Printer:
    def __init__(self, out):
        self.out = out

    def line(self, text=""):
        self.out.write(text + "\n")


class _Names:
    """Sequential SSA names (%0, %1, ...) per function."""

    def __init__(self):
        self.names = {}

    def define(self, value):
        name = "%%%d" % len(self.names)
        self.names[value] = name
        return name

    def __call__(self, value):
        return self.names.get(value, "%<undefined>")


def _attr_text(spec, value):
    if spec is not None and spec.kind == "unit":
        return spec.name
    if isinstance(value, str) and (spec is None or spec.kind == "string"):
        text = _quote(value)
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (list, tuple)):
        text = "[%s]" % ", ".join(("true" if v else "false") if isinstance(v, bool) else str(v)
                                  for v in value)
    else:
        text = str(value)
    name = spec.name if spec is not None else "?"
    return "%s = %s" % (name, text)


def _format_ops(p, ops, names, indent):
    for op in ops:
        schema = op.schema
        results = [names.define(r) for r in op.results]
        parts = []
        groups = list(op.operands.items())
        for gname, value in groups:
            spec = schema.operand_by_name.get(gname) if schema else None
            if isinstance(value, (list, tuple)):
                text = ", ".join(names(v) for v in value)
                parts.append(text if len(groups) == 1 else "%s[%s]" % (gname, text) if value else
                             "%s[]" % gname)
            elif value is None:
                continue
            elif spec is not None and spec.arity == "optional":
                parts.append("%s=%s" % (gname, names(value)))
            else:
                parts.append(names(value))
        attrs = []
        for key, value in op.attributes.items():
            spec = schema.attr_by_name.get(key) if schema else None
            attrs.append(_attr_text(spec, value))
        text = "%s%scuda_tile.%s" % (indent, (", ".join(results) + " = ") if results else "", op.name)
        parts = [x for x in parts if x]
        if parts:
            text += " " + ", ".join(parts)
        if attrs:
            text += " {%s}" % ", ".join(attrs)
        if op.results:
            text += " : %s" % ", ".join(str(r.type) for r in op.results)
        where = "@%-6d " % op.offset if op.offset is not None else ""
        if op.location is not None:
            text += "  loc(%s)" % op.location
        p.line("%s%s" % (where, text))
        for ri, region in enumerate(op.regions):
            pad = " " * (len(where)) + indent
            p.line("%s  region #%d (%d block%s)" % (pad, ri, len(region.blocks),
                                                    "" if len(region.blocks) == 1 else "s"))
            for block in region.blocks:
                args = ", ".join("%s: %s" % (names.define(a), a.type) for a in block.arguments)
                p.line("%s    ^block(%s):" % (pad, args))
                _format_ops(p, block.operations, names, indent + "      ")


def format_module(module, out=None, offsets=True):
    """Print the globals and functions of a module (no wire tables)."""
    p = _Printer(out or sys.stdout)
    if module.producer is not None:
        p.line("producer %s" % _quote(module.producer))
    for g in module.globals:
        p.line("global @%s : %s alignment=%d visibility=%s%s value=%s" % (
            g.name, g.type, g.alignment, g.visibility, " constant" if g.constant else "",
            g.value.value_text()))
    for fn in module.functions:
        names = _Names()
        args = ", ".join("%s: %s" % (names.define(a), a.type) for a in fn.arguments)
        flags = []
        if fn.kernel:
            flags.append("kernel")
        if fn.private:
            flags.append("private")
        head = "%s @%s(%s)" % ("entry" if fn.kernel else "func", fn.name, args)
        if fn.result_types:
            head += " -> (%s)" % ", ".join(str(t) for t in fn.result_types)
        if offsets and fn.offset is not None:
            head += "  [record @%d]" % fn.offset
        p.line(head)
        if fn.optimization_hints is not None:
            p.line("    optimization_hints = %s" % fn.optimization_hints)
        if fn.location is not None:
            p.line("    loc(%s)" % fn.location)
        _format_ops(p, fn.body.operations, names, "    ")


def dump(data, out=None, emulate_reference=False):
    """Print the listing of bytecode ``data`` to ``out`` (default stdout)."""
    out = out or sys.stdout
    p = _Printer(out)
    reader = BytecodeReader(data, emulate_reference)
    p.line("file size: %d bytes" % len(data))
    try:
        reader.read_layout()
    finally:
        _print_header(p, reader, data)
    try:
        module = reader.read()
    except DecodeError:
        _print_tables(p, reader)
        raise
    _print_tables(p, reader)
    p.line()
    p.line("globals: %d" % len(module.globals))
    p.line("functions: %d" % len(module.functions))
    format_module(module, out)
    return module


def _print_header(p, reader, data):
    magic = data[:8]
    p.line("header @0: magic %s%s" % (_hex(magic), "" if magic == b"\x7fTileIR\x00" else " (invalid)"))
    if reader.version is not None:
        p.line("  version %s (tag %d)" % (reader.version, reader.version_tag))
    if not reader.sections:
        return
    p.line()
    p.line("sections: %d (+ end marker)" % len(reader.sections))
    p.line("  %-3s %-9s %8s %8s %8s %6s" % ("id", "name", "header", "payload", "size", "align"))
    for s in reader.sections:
        p.line("  %-3d %-9s %8d %8d %8d %6d" % (s.id, s.name, s.header_offset, s.payload_offset,
                                               s.length, s.alignment))
    if reader.end_offset is not None:
        p.line("  %-3d %-9s %8d" % (0, "end", reader.end_offset))


def _print_tables(p, reader):
    if reader.strings:
        p.line()
        p.line("string table: %d strings" % len(reader.strings))
        for i, s in enumerate(reader.strings):
            p.line("  [%d] %s" % (i, _quote(s)))
    if reader.types:
        p.line()
        p.line("type table: %d types" % len(reader.types))
        for i, t in enumerate(reader.types):
            section, pos, size = reader._type_entries[i]
            tag = t.info.tag if t is not None and hasattr(t, "info") else "?"
            p.line("  [%d] @%d tag %s: %s" % (i, section.file_base + pos, tag,
                                             "<unresolved>" if t is None else t))
    if reader.constants:
        p.line()
        p.line("constant pool: %d entries" % len(reader.constants))
        for i, c in enumerate(reader.constants):
            p.line("  [%d] %d bytes: %s" % (i, len(c), _hex(c)))
    if reader.debug_lists or reader.debug_attr_count:
        p.line()
        p.line("debug info: %d function lists, %d attributes" % (len(reader.debug_lists),
                                                               reader.debug_attr_count))
        for i, lst in enumerate(reader.debug_lists):
            p.line("  function list %d: %s" % (i + 1, " ".join(str(x) for x in lst)))
        for i in range(1, reader.debug_attr_count + 1):
            try:
                attr = reader.debug_attr(i)
                text = "%s %s" % (attr.kind, attr)
            except DecodeError as e:   # shown here; read() reports the error
                text = "<invalid: %s>" % e
            p.line("  attr [%d] %s" % (i, text))

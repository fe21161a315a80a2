"""The dynamic programme of sim.cards.exact on packed vectors: a vector
of counts over the states (the room left in each location but the
largest, the open clauses satisfied, the case slot of the kind at hand
free) is one Python integer, `width` bits per state, so a card's step is a
few shifts, masks and additions on whole vectors, done in C.

    count(out, kinds, slot, clauses, free_cards) -> out (a sim.cards.exact.Solved) or None
    dot(a, b, width)                               -> the dot product of two packed vectors
"""

from operator import mul

KINDS = 3  # suspect, place, weapon

_BITS = {}


def bits(mask):
    """The indexes of the bits set in `mask` (remembered)."""
    out = _BITS.get(mask)
    if out is None:
        out = _BITS[mask] = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
    return out

_MASKS = {}
_OPTS = {}  # layout -> {mask: (the options of a card in no clause, False)}, remembered across solves


def _repeat(x, length, times):
    """`x` (of `length` bits) repeated `times` times, end to end (by doubling)."""
    out, done, block, k = 0, 0, x, 1  # block: x repeated k times
    while times:
        if times & 1:
            out |= block << (done * length)
            done += k
        times >>= 1
        if times:
            block |= block << (k * length)
            k *= 2
    return out


def _layout_masks(radix, width):
    """For each digit of the mixed radix, the mask of the states where it
    is at least 1 (all `width` bits of their coefficients set), then `add`
    and `high`: (x + add) & high has the top bit of each non-zero
    coefficient of x. Remembered."""
    key = (radix, width)
    out = _MASKS.get(key)
    if out is None:
        size = 1
        for r in radix:
            size *= r
        out = []
        stride = 1  # in states
        for r in radix:
            period = ((1 << ((r - 1) * stride * width)) - 1) << (stride * width)
            out.append(_repeat(period, r * stride * width, size // (r * stride)))
            stride *= r
        add = _repeat((1 << (width - 1)) - 1, width, size)
        out += [add, add + _repeat(1, width, size)]
        if len(_MASKS) > 64:
            _MASKS.clear()
        _MASKS[key] = out
    return out


def count(out, kinds, slot, clauses, free_cards, *, kind_order=(0, 1, 2)):
    """The dynamic programme over the free cards, on packed vectors: a state
    vector is one integer, `width` bits per state (room left in each dim but
    the largest, the open clauses satisfied, the case slot of the kind at
    hand free). Returns (deals up to the cases' arrangements, per card the
    count per dim; dim -1 the confidential case). The kinds are taken in
    `kind_order`; the programme is kept (`out.prog`, its kinds' segments
    `out.segs`) for `triple_counts`."""
    masks, dims = out._possible, out.dims
    default = max(range(len(dims)), key=lambda d: dims[d][0]) if dims else None
    tracked = [d for d in range(len(dims)) if d != default]
    radix = tuple(dims[d][0] + 1 for d in tracked) + (2,) * len(clauses) + (2,)
    loc_dim = {0: -1}
    for d, (_, locs) in enumerate(dims):
        for loc in locs:
            loc_dim[loc] = d
    bound, choices = 1, {}  # no count in the programme exceeds the product of the cards' choices
    for c in free_cards:
        m = masks[c]
        n = choices.get(m)
        if n is None:
            n = choices[m] = len(set(loc_dim[loc] for loc in bits(m)))
        bound *= n
    width = 64 if bound.bit_length() < 64 else 64 * (bound.bit_length() // 64 + 1)
    digit = _layout_masks(radix, width)
    strides, st = [], 1
    for r in radix:
        strides.append(st * width)
        st *= r
    size = st
    top = strides[-1]  # the case slot's digit: 1 while free
    low = (1 << top) - 1
    dim_opt = {}
    for i, d in enumerate(tracked):
        dim_opt[d] = (strides[i], digit[i])
    start = 0
    for i, d in enumerate(tracked):
        start += dims[d][0] * strides[i]
    nt = len(tracked)
    bit = [(digit[nt + j] ^ ((1 << (size * width)) - 1), digit[nt + j], strides[nt + j]) for j in range(len(clauses))]
    in_clause = set(c for _, cs in clauses for c in cs)
    order = {}
    for k in kind_order:
        cards = [c for c in free_cards if kinds[c] == k]
        order[k] = sorted(cards, key=lambda c: (c in in_clause, masks[c], c))
    last = {}
    pos = {c: i for i, c in enumerate(c for k in kind_order for c in order[k])}
    for j, (_, cs) in enumerate(clauses):
        last.setdefault(max(pos[c] for c in cs), []).append(bit[j])
    # The programme: ("in"|"out", None) for the case slot of a kind, ("card", (c, opts, retire)).
    prog, segs = [], []
    layout = (tuple(dims), len(clauses), width)  # a card's options follow from it and its mask (if in no clause)
    cache = _OPTS.get(layout)
    if cache is None:
        if len(_OPTS) > 256:
            _OPTS.clear()
        cache = _OPTS[layout] = {}
    for k in kind_order:
        segs.append(len(prog))
        if slot[k]:
            prog.append(("in", None))
        for c in order[k]:
            key = masks[c] if c not in in_clause else None
            got = cache.get(key)
            if got is None:
                opts, seen = [], set()
                m, loc = masks[c], 0
                while m:
                    if m & 1 and loc_dim[loc] not in seen:
                        d = loc_dim[loc]
                        seen.add(d)
                        sets = ()
                        if key is None:
                            sets = tuple(bit[j] for j, (cl, cs) in enumerate(clauses) if cl == loc and c in cs)
                        sh, mk = (top, digit[len(radix) - 1]) if d < 0 else dim_opt.get(d, (0, None))
                        opts.append((d, sh, mk, sets))
                    m >>= 1
                    loc += 1
                opts.sort(key=lambda o: o[2] is None)  # the largest place last: its count is what is left
                got = (opts, any(o[3] for o in opts))
                if key is not None:
                    cache[key] = got
            opts, sets = got
            retire = last.get(pos[c])
            if retire is None and not sets:  # no clause to follow: shifts and masks only
                prog.append(("plain", (c, opts, ())))
            else:
                prog.append(("card", (c, opts, tuple(retire or ()))))
        if slot[k]:
            prog.append(("out", None))
    segs.append(len(prog))
    out.prog, out.segs, out.x0, out.width, out.top = prog, segs, 1 << start, width, top
    out.kind_order = tuple(kind_order)
    # Forward.
    x = 1 << start
    before = []
    for kind, step in prog:
        if kind == "in":
            x <<= top
        elif kind == "out":
            x &= low
        else:
            if kind == "plain":
                parts = [x if mk is None else (x & mk) >> sh for _, sh, mk, _ in step[1]]
            else:
                parts = [_contrib(x, o, step[2]) for o in step[1]]
            before.append(parts)
            x = sum(parts)
    total = x & ((1 << width) - 1)
    if not total:
        return None
    out.deals = total * out.mult
    # Backward, when first asked: each card's options against what completes them; non-zero where both are.
    def backward():
        add, high = digit[-2:]
        possible = out._possible
        where = [sum(1 << loc for loc in locs) for _, locs in dims] + [1]  # by dim; [-1]: the case
        y = 1
        i = len(before)
        prev = None
        for kind, step in reversed(prog):
            if kind == "in":
                y >>= top
            elif kind == "out":
                y &= low
            else:
                i -= 1
                c, opts, retire = step
                key = (kinds[c], masks[c]) if c not in in_clause else None
                if key is not None and prev is not None and prev[0] == key:
                    possible[c] = possible[prev[1]]  # interchangeable with the card after it
                    out.pending[c] = out.pending[prev[1]]
                else:
                    ynz = (y + add) & high
                    m = 0
                    for o, part in zip(opts, before[i]):
                        if (part + add) & ynz:
                            m |= where[o[0]]
                    possible[c] = m
                    out.pending[c] = (before[i], y, opts, width, total, {})
                prev = (key, c)
                if kind == "plain":
                    y = sum([y if mk is None else (y << sh) & mk for _, sh, mk, _ in opts])
                else:
                    y = sum([_transpose(y, o, retire) for o in opts])

    out.backward = backward
    return out


def _forward(x, steps, forced, top):
    """The states after `steps` from the states `x`, card `forced` in the confidential case."""
    for kind, step in steps:
        if kind == "in":
            x <<= top
        elif kind == "out":
            x &= (1 << top) - 1
        else:
            c, opts, retire = step
            if c == forced:
                opts = [o for o in opts if o[0] < 0]
            if kind == "plain":
                x = sum([x if mk is None else (x & mk) >> sh for _, sh, mk, _ in opts])
            else:
                x = sum([_contrib(x, o, retire) for o in opts])
    return x


def _backward(y, steps, forced, top):
    """The completions before `steps` from those after, card `forced` in the confidential case."""
    for kind, step in reversed(steps):
        if kind == "in":
            y >>= top
        elif kind == "out":
            y &= (1 << top) - 1
        else:
            c, opts, retire = step
            if c == forced:
                opts = [o for o in opts if o[0] < 0]
            if kind == "plain":
                y = sum([y if mk is None else (y << sh) & mk for _, sh, mk, _ in opts])
            else:
                y = sum([_transpose(y, o, retire) for o in opts])
    return y


def triple_counts(out, xs, ys, zs):
    """{(x, y, z): the number of deals with x, y and z in the confidential
    case} (non-zero only), for the cards xs, ys, zs of the kinds `out` was
    programmed in (kind_order). The forward states after the first kind are
    shared by every y, the completions of the last kind by every pair."""
    if out.prog is None:  # no free card: the deal is known, one card of each kind in the case
        return {(x, y, z): out.deals for x in xs for y in ys for z in zs}
    prog, (a, b, r, end), top, width, mult = out.prog, out.segs, out.top, out.width, out.mult
    tails = [(z, _backward(1, prog[r:end], z, top)) for z in zs]
    found = {}
    for x in xs:
        fx = _forward(out.x0, prog[a:b], x, top)
        for y in ys:
            fxy = _forward(fx, prog[b:r], y, top)
            for z, tail in tails:
                v = dot(fxy, tail, width)
                if v:
                    found[(x, y, z)] = v * mult
    return found


def triple_counts_in(out, cards, order):
    """triple_counts of cards[k] (the cards of kind k), keyed in the kinds' `order`, counted in the
    order `out` was programmed in (exact integers: the same in any order; `order` when no programme)."""
    o = out.kind_order or order
    got = triple_counts(out, *(cards[k] for k in o))
    back = [o.index(k) for k in order]
    return {(t[back[0]], t[back[1]], t[back[2]]): v for t, v in got.items()}


def dots(parts, y, width):
    """[dot(part, y, width) for part in parts], `y` read once."""
    if width != 64 or not y:
        return [dot(p, y, width) for p in parts]
    n = (y.bit_length() + 63) // 64
    keep = (1 << (64 * n)) - 1
    ys = memoryview(y.to_bytes(8 * n, "little")).cast("Q")
    return [sum(map(mul, memoryview((p & keep).to_bytes(8 * n, "little")).cast("Q"), ys)) if p else 0 for p in parts]


def dot(a, b, width):
    """The dot product of two packed vectors, over the states where both may be non-zero."""
    if not a or not b:
        return 0
    lo = (max((a & -a).bit_length(), (b & -b).bit_length()) - 1) // width
    hi = (min(a.bit_length(), b.bit_length()) + width - 1) // width
    if lo >= hi:
        return 0
    bits = (hi - lo) * width
    keep = (1 << bits) - 1
    a = ((a >> (lo * width)) & keep).to_bytes(bits // 8, "little")
    b = ((b >> (lo * width)) & keep).to_bytes(bits // 8, "little")
    if width == 64:
        return sum(map(mul, memoryview(a).cast("Q"), memoryview(b).cast("Q")))
    step = width // 8
    return sum(
        int.from_bytes(a[i : i + step], "little") * int.from_bytes(b[i : i + step], "little")
        for i in range(0, len(a), step)
    )


def _contrib(x, opt, retire):
    """The states after a card takes option `opt` from the states `x`."""
    _, shift, mask, sets = opt
    y = x if mask is None else (x & mask) >> shift
    for zero, one, b in sets:
        y = ((y & zero) << b) + (y & one)
    for _, one, b in retire:
        y = (y & one) >> b
    return y


def _transpose(y, opt, retire):
    """The transpose of `_contrib`: completions before the card from those after."""
    _, shift, mask, sets = opt
    for zero, _, b in reversed(retire):
        y = (y & zero) << b
    for _, one, b in reversed(sets):
        y = ((y & one) >> b) + (y & one)
    return y if mask is None else (y << shift) & mask

// OpenSSH's pattern lists (match.c), as allowed_signers uses them for
// principals and for `namespaces=`: comma-separated patterns where `*`
// matches any run of characters and `?` any one, and a pattern prefixed by
// `!` vetoes the whole list when it matches. Case-sensitive, as sshsig.c asks.

/** Whether `text` matches the pattern list: true, false, or vetoed by a `!` pattern. */
export function matchPatternList(text: string, list: string): boolean {
  let positive = false;
  for (const item of list.split(",")) {
    const negated = item.startsWith("!");
    const pattern = negated ? item.slice(1) : item;
    if (!matchPattern(text, pattern)) continue;
    if (negated) return false;
    positive = true;
  }
  return positive;
}

/** Whether `text` matches one glob with `*` and `?`, iteratively (no backtracking blow-up). */
export function matchPattern(text: string, pattern: string): boolean {
  let t = 0;
  let p = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) {
      t++;
      p++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      mark = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}

// Checks on what a subject returned, so that a benchmark never times a
// subject that quietly refused (or accepted) something it should not have.

/** Throws unless `result` is a successful read or catalog holding `count` skills. */
export function expectSkills(result, count, what) {
  if (!result?.ok) {
    const refusal = result?.refusal;
    const detail = refusal
      ? `${refusal.code}${refusal.detail ? ` (${refusal.detail})` : ""}`
      : "no result";
    throw new Error(`${what} refused the benchmark input: ${detail}`);
  }
  const skills = result.skills ?? result.installed ?? result.payload?.skills;
  if (skills && skills.length !== count) {
    throw new Error(`${what} returned ${skills.length} skills, expected ${count}`);
  }
}

/** Throws unless `result` is a refusal with `code`. */
export function expectRefusal(result, code, what) {
  if (result?.ok !== false || result.refusal?.code !== code) {
    const got = result?.ok
      ? "skills"
      : `${result?.refusal?.code} (${result?.refusal?.detail ?? ""})`;
    throw new Error(`${what} answered ${got}, expected the refusal ${code}`);
  }
}

/** Throws unless `value` equals `expected`. */
export function expectEqual(value, expected, what) {
  if (value !== expected) throw new Error(`${what} gave ${value}, expected ${expected}`);
}

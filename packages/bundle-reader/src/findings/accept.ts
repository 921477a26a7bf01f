// What an import does with findings: a refusing finding refuses the whole
// import with `hidden-content`, naming the first one, unless the operator
// accepted its code for this one import (having read it); accepted and
// warning findings are reported with the skills. A refused verdict carries
// every finding, the refusing ones first, so each surface lists what to
// act on before what only warns. The verdict is a result union, as every
// refusal in the reader is. Import, sync and approve all judge through here.
// Inside a collection, the refusal names every skill holding a refusing
// finding, so the others can be imported with `skip`.
import { concerning, countBySkill } from "@skillshelf/contract";
import type { Refusal } from "../types.js";
import type { Finding, FindingCode } from "./types.js";

export type FindingsVerdict =
  | { ok: true; findings: Finding[] }
  | { ok: false; refusal: Refusal; findings: Finding[] };

/**
 * The import's verdict on `findings` when the operator accepts the codes in
 * `accepted`; `among` is how many skills the findings were drawn from.
 */
export function acceptFindings(
  findings: readonly Finding[],
  accepted: readonly FindingCode[] = [],
  among = 0,
): FindingsVerdict {
  const allowed = new Set<string>(accepted);
  const refusing = findings.filter((f) => f.severity === "refuse" && !allowed.has(f.code));
  const first = refusing[0];
  if (first === undefined) return { ok: true, findings: [...findings] };
  const rest = findings.filter((f) => f.severity !== "refuse" || allowed.has(f.code));
  return {
    ok: false,
    refusal: concerning(
      hiddenContentRefusal(first, refusing.length),
      countBySkill(refusing.map((f) => f.skill)),
      among,
    ),
    findings: [...refusing, ...rest],
  };
}

/** The refusal naming the first refusing finding and how many there are in all. */
function hiddenContentRefusal(first: Finding, count: number): Refusal {
  return {
    code: "hidden-content",
    path: first.path,
    ...(first.skill === undefined ? {} : { skill: first.skill }),
    detail: first.message,
    count,
  };
}

// What a write answers when its store threw. A store that cannot be reached
// throws the refusal `store-unavailable` (a PostgreSQL store's reads do,
// with the database named); that is passed on as it is, so the operator is
// told to look at the database, not at a data directory's space. Anything
// else thrown is the write failing: `store-failed`, with what was thrown.
import { isRefusal, type Refusal } from "@skillshelf/contract";
import { describeError } from "./read-skill-file.js";

/** The refusal for an error a store threw during a write or a check of `skill`. */
export function storeFailure(error: unknown, skill?: string): Refusal {
  if (isRefusal(error) && error.code === "store-unavailable") {
    const { path, detail } = error;
    return {
      code: "store-unavailable",
      ...(path === undefined ? {} : { path }),
      ...(detail === undefined ? {} : { detail }),
    };
  }
  return {
    code: "store-failed",
    ...(skill === undefined ? {} : { skill }),
    detail: describeError(error),
  };
}

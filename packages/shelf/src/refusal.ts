// The refusal every operation of a shelf answers with: one type of the one
// table, whatever step refused (the reader, the catalog, the store).
import type { Refusal } from "@skillshelf/contract";

/** The contract's one `Refusal`, under the name the shelf's API has used. */
export type ShelfRefusal = Refusal;

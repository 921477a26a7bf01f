// The central records, read by yauzl in runs. yauzl hands out one record per
// `readEntry` call; its async iterator (`eachEntry`) costs a promise, an
// iterator result and a turn of the microtask queue for every record, which
// for a zip at the entry limit was more garbage than yauzl's own parsing
// made. Here the next record is asked for from the handler of the last one,
// so a run of records is read in one synchronous stretch (the reader under
// yauzl answers at once, zip-memory.ts); runs are short, so the stack stays
// shallow, and between runs the read may yield to the event loop or stop.
import type { Entry, ZipFile } from "yauzl";

/** Records read in one synchronous stretch (each nests a few stack frames). */
const RUN = 64;

/**
 * Calls `onRecord` for each central record, in order, and `between` after
 * each run (a promise from it is waited for; its rejection stops the read).
 * Resolves once every record is read; rejects with yauzl's error.
 */
export function readEachRecord(
  file: ZipFile,
  onRecord: (record: Entry) => void,
  between: () => Promise<void> | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let run = 0;
    const stop = (error: unknown): void => {
      file.removeAllListeners("entry");
      reject(error);
    };
    const readNext = (): void => file.readEntry();
    file.on("entry", (record: Entry) => {
      onRecord(record);
      run += 1;
      if (run < RUN) {
        file.readEntry();
        return;
      }
      run = 0;
      let paused: Promise<void> | undefined;
      try {
        paused = between();
      } catch (error) {
        stop(error);
        return;
      }
      if (paused === undefined) queueMicrotask(readNext);
      else paused.then(readNext, stop);
    });
    file.once("end", () => {
      file.removeAllListeners("entry");
      resolve();
    });
    file.once("error", stop);
    file.readEntry();
  });
}

// Runs an async step over many items with a bounded number in flight, keeping
// results in item order. Folders are read this way: enough parallel file
// system calls to hide latency, few enough not to exhaust descriptors or
// starve the other work sharing the machine.

export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  step: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await step(items[at]!);
    }
  };
  const workers: Promise<void>[] = [];
  for (let i = 0; i < Math.min(limit, items.length); i++) workers.push(worker());
  await Promise.all(workers);
  return results;
}

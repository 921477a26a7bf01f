// The name a root skill takes from its archive: the file name without its
// directory and without `.tar`, `.tgz`, `.tar.gz`, `.zip` or `.skill` (the
// zip a Claude skill is exported as). An archive given only as
// bytes may have no name at all, and then a root skill cannot be named.

const EXTENSION = /\.(tar\.gz|tgz|tar|zip|skill)$/i;

export function skillNameOf(archiveName: string | undefined): string | undefined {
  if (archiveName === undefined) return undefined;
  const base = archiveName.slice(
    Math.max(archiveName.lastIndexOf("/"), archiveName.lastIndexOf("\\")) + 1,
  );
  const name = base.replace(EXTENSION, "");
  return name === "" ? undefined : name;
}

// The timestamps of `valid-after=` and `valid-before=`, read as OpenSSH's
// parse_absolute_time reads them: YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS,
// in the local time zone unless suffixed with `Z` (UTC). A file meant to
// read the same everywhere should use `Z`.

/** The instant a timestamp names, or null if it is not one of the three forms. */
export function parseSshTime(text: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(Z?)$/i.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = match[7] !== "";
  const date = utc
    ? new Date(Date.UTC(year, month - 1, day, hour, minute, second))
    : new Date(year, month - 1, day, hour, minute, second);
  const fields = utc
    ? [
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
      ]
    : [
        date.getFullYear(),
        date.getMonth() + 1,
        date.getDate(),
        date.getHours(),
        date.getMinutes(),
        date.getSeconds(),
      ];
  const same = fields.every((value, i) => value === [year, month, day, hour, minute, second][i]);
  return same ? date : null;
}

// The shape of a conformance case: a tree of entries stated relative to the
// bundle's root folder, and the verdict every surface must reach for it. The
// same case is turned into a folder, a tar, a tar.gz and an upload list, so
// entries say what a bundle holds and tweaks say what only a tar header can.
import type { ZipMember, ZipOptions } from "./zip/write-zip.js";

/**
 * A refusal code and an unsafe-path reason as a case states them. The reader
 * owns both lists (`sourceCodes`, `UnsafePathReason`) and its tests check that
 * every case names codes from them; this package stays below the reader it
 * tests, so the reader can run the cases without a workspace cycle.
 */
export type RefusalCode = string;
export type PathReason = string;

/** One file of a browser selection, as the reader's `UploadFile` takes it. */
export type UploadFile = { path: string; bytes: Uint8Array };

/** A library read's answer, as far as a verdict looks at it (the reader's `ReadResult`). */
export type ReadOutcome =
  | {
      ok: true;
      skills: readonly {
        name: string;
        files: readonly { path: string; bytes: Uint8Array; executable: boolean }[];
      }[];
      warnings?: readonly ReadWarning[];
      /** What the bytes say, when the surface judged it (an import or a check; a bare read does not). */
      findings?: readonly ReadFinding[];
    }
  | {
      ok: false;
      /** The refusal's code, path and why; its other fields are not part of a verdict. */
      refusal: {
        code: RefusalCode;
        path?: string | undefined;
        why?: PathReason | undefined;
        [field: string]: unknown;
      };
      /** The findings a `hidden-content` refusal names, where the surface reports them. */
      findings?: readonly ReadFinding[];
    };

/** A specification warning, as far as a verdict looks at it (the reader's `Warning`). */
export type ReadWarning = { code: string; skill: string; field: string };

/**
 * A finding, as far as a verdict looks at it (the reader's `Finding`): its
 * code, its severity, the skill, the file's path below the skill's root, and
 * the 1-based line and column (in code points).
 */
export type ReadFinding = {
  code: string;
  severity: string;
  skill?: string | undefined;
  path: string;
  line: number;
  column: number;
};

/**
 * How a case asks to be read: the reader's options, which every surface
 * spells its own way (library options, CLI flags, HTTP query parameters).
 */
export type CaseOptions = {
  /** A specification warning refuses the bundle. */
  strict?: boolean;
  /** The directory of the source taken as the bundle's root. */
  path?: string;
  /** Keep only these skills. */
  skills?: string[];
  /** Leave these skills out, unjudged. */
  skip?: string[];
};

/** The five ways a bundle reaches a surface. */
export type Form = "folder" | "tar" | "tgz" | "zip" | "uploads";

export const allForms: readonly Form[] = ["folder", "tar", "tgz", "zip", "uploads"];

/** The archive forms: those that arrive as one file or body, named or not. */
export const archiveForms: readonly Form[] = ["tar", "tgz", "zip"];

/** Zip member tweaks: what only a zip can say (methods, flags, lying sizes, shared data). */
export type ZipTweak = Omit<ZipMember, "name" | "data" | "zeros" | "mode"> & {
  /** The exact stored name, replacing the one the case's layout gives. */
  name?: string | Uint8Array;
  /** The full Unix mode with type bits, replacing the kind's. */
  mode?: number;
};

/** Tweaks to the zip as a whole, or its whole bytes. */
export type ZipArchiveTweak = ZipOptions & { raw?: Uint8Array };

/** What an entry is. Only `file` and `dir` are regular; the rest must be refused. */
export type EntryKind =
  | "file"
  | "dir"
  | "symlink"
  | "hardlink"
  | "fifo"
  | "chardev"
  | "blockdev"
  | "contiguous"
  | "sparse"
  | "vendor"
  | "unknown";

/** Raw tar header tweaks: things a tar header can say that a folder cannot. */
export type TarTweak = {
  /** The exact member name, ignoring the case's layout (a string or raw bytes). */
  name?: string | Uint8Array;
  /** The typeflag byte, as a one-character string or a number. */
  typeflag?: string | number;
  /** The size the header claims; with `kind` dir or a link, the body holds this many bytes. */
  claimedSize?: number;
  /** Write the size field in base-256 (GNU binary) form. */
  base256Size?: boolean;
  /** The 12 raw bytes of the size field. */
  sizeField?: Uint8Array;
  /** Store a checksum that does not match the header. */
  badChecksum?: boolean;
  /** The 8 raw characters of the checksum field, "{sum}" standing for the right value in 6 octal digits. */
  checksumField?: string;
  /** Extra PAX records written in an 'x' header before this member. */
  pax?: Record<string, string>;
  /** The raw body of the 'x' header before this member (malformed PAX). */
  paxBody?: Uint8Array;
  /** The magic and version fields: POSIX "ustar\0" "00" (default) or GNU "ustar  \0". */
  magic?: "ustar" | "gnu";
};

export type Entry = {
  /** POSIX path relative to the bundle root (see `Case.layout`). */
  path: string;
  /** Raw path bytes relative to the root, for names that are not UTF-8. */
  rawPath?: Uint8Array;
  /** Default `file`. */
  kind?: EntryKind;
  /** Content of a file as UTF-8 text. */
  text?: string;
  /** Content of a file as bytes. */
  bytes?: Uint8Array;
  /** A file of this many zero bytes, written sparsely where the form allows. */
  zeros?: number;
  /** Permission bits; default 0o644 for files, 0o755 for directories. */
  mode?: number;
  /** Target of a symlink, or the linked path (relative to the root) of a hard link. */
  linkTarget?: string;
  /** Tar-only header tweaks; an entry with tweaks exists only in tar and tgz. */
  tar?: TarTweak;
  /** Zip-only tweaks; an entry with them exists only in the zip form. */
  zip?: ZipTweak;
};

/** Tweaks to the archive as a whole. */
export type ArchiveTweak = {
  /** Keep only the first `n` bytes of the tar stream (negative: drop the last `-n`). */
  truncate?: number;
  /** Bytes appended after the end-of-archive marker and padding. */
  trailing?: Uint8Array;
  /** Pad the tar to this record size (GNU tar's default is 10,240); 0 for none. */
  record?: number;
  /** Bytes appended after the gzip stream (tgz only). */
  gzipTrailing?: Uint8Array;
  /** Keep only the first `n` bytes of the gzip stream (negative: drop the last `-n`). */
  gzipTruncate?: number;
  /** The archive's whole bytes, replacing anything built from entries. */
  raw?: Uint8Array;
};

/** What a surface concludes about a bundle. */
export type Verdict =
  | {
      ok: true;
      skills: VerdictSkill[];
      /** Warnings as "code skill field", in the reader's order; compared only when stated. */
      warnings?: string[];
      /**
       * The findings an import draws, as "code severity skill path:line:column",
       * in the order the findings module gives them; compared only when stated,
       * and only by surfaces that judge findings (stage `import`). `[]` says
       * the bundle draws none.
       */
      findings?: string[];
    }
  | {
      ok: false;
      code: RefusalCode;
      path?: string;
      why?: PathReason;
      /** A `hidden-content` refusal's findings, refusing ones first, written as an accepted verdict's; compared only when stated. */
      findings?: string[];
    };

/**
 * A skill by name and sorted file paths. `executable` (sorted paths whose
 * owner-execute bit is set) and `bytes` (UTF-8 length per path) are compared
 * only when a case states them.
 */
export type VerdictSkill = {
  name: string;
  files: string[];
  executable?: string[];
  bytes?: Record<string, number>;
};

export type Case = {
  /** Unique, readable; used as the test name. */
  name: string;
  /** The bundle root's folder name, also the archive's file name stem. Default "bundle". */
  root?: string;
  /**
   * `wrapped` (default): tar members are `<root>/<path>`, as `tar -czf x.tgz root`
   * makes, so folder, uploads and archives all contribute the same entries.
   * `bare`: tar members are the entry paths as stated, as `tar -C root -czf x.tgz .`
   * makes; only tar and tgz unless `forms` says otherwise.
   */
  layout?: "wrapped" | "bare";
  /** Emit a directory header for each parent directory of a member (default true). */
  impliedDirs?: boolean;
  /** The entries, in the order a tar holds them. */
  entries: Entry[];
  archive?: ArchiveTweak;
  /** Zip-only archive tweaks; a case with them exists only in the zip form. */
  zipArchive?: ZipArchiveTweak;
  /** The zip form's file extension (default ".zip"). */
  zipExtension?: ".zip" | ".skill";
  /** Restricts the forms; the forms a case's content allows are narrowed to these. */
  forms?: Form[];
  /** The tgz form's file extension (default ".tgz"). */
  gzipExtension?: ".tgz" | ".tar.gz";
  /** A folder form that is a path to nothing. */
  missing?: boolean;
  /** The reading options every surface is given for this case. */
  options?: CaseOptions;
  verdict: Verdict;
  /** The verdict when an archive arrives without a name (stdin, raw HTTP body). Default `verdict`. */
  unnamed?: Verdict;
  /**
   * The verdict of a bare read (the reader's `readBundle`), for a case that
   * only an import refuses, after reading: the findings of what was read
   * (`hidden-content`). A surface whose stage is `read` reaches this one; a
   * surface that checks or imports reaches `verdict`. Default `verdict`.
   */
  read?: Verdict;
  note?: string;
};

/** A case built into one form, ready to hand to a surface. */
export type BuiltInput = {
  case: Case;
  form: Form;
  /** A folder, or an archive file named `<root>.tar` / `<root>.tgz` / `<root>.zip`. */
  path?: string;
  /** The archive bytes (tar, tgz and zip). */
  bytes?: Uint8Array;
  /** The client-relative files (uploads). */
  uploads?: UploadFile[];
  /** The archive's name when the surface passes one; absent for unnamed surfaces. */
  archiveName?: string;
};

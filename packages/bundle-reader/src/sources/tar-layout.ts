// Where things sit in a tar stream (POSIX ustar, as GNU and PAX extend it):
// everything comes in 512-byte blocks, and a member header keeps each field
// at a fixed offset. Stated once for every module that reads a header.

/** The unit of a tar stream: headers, padded bodies and the end marker. */
export const BLOCK = 512;
export const SIZE_AT = 124;
export const SIZE_LENGTH = 12;
export const CHECKSUM_AT = 148;
export const CHECKSUM_LENGTH = 8;
export const TYPE_AT = 156;
export const MAGIC_AT = 257;

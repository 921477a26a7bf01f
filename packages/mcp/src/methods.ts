// The request schemas of the Skills extension's methods, for the SDK's
// low-level `Server.setRequestHandler`. Each takes params as anything and
// reads them in the handler with its own schema, so a malformed request is
// answered with Invalid params (-32602) naming the problem, not with an
// internal error from a failed parse.
import { z } from "zod";
import { invalidParams } from "./errors.js";

export const SKILLS_EXTENSION_ID = "io.modelcontextprotocol/skills";
export const SKILLS_LIST_METHOD = "skills/list";
export const SKILLS_GET_METHOD = "skills/get";
export const DIRECTORY_READ_METHOD = "resources/directory/read";

/** A request of one method whose params the handler reads itself. */
type RequestOf<M extends string> = z.ZodObject<{
  method: z.ZodLiteral<M>;
  params: z.ZodOptional<z.ZodUnknown>;
}>;

const requestOf = <M extends string>(method: M): RequestOf<M> =>
  z.object({ method: z.literal(method), params: z.unknown().optional() });

export const SkillsListRequestSchema: RequestOf<"skills/list"> = requestOf(SKILLS_LIST_METHOD);
export const SkillsGetRequestSchema: RequestOf<"skills/get"> = requestOf(SKILLS_GET_METHOD);
export const DirectoryReadRequestSchema: RequestOf<"resources/directory/read"> =
  requestOf(DIRECTORY_READ_METHOD);

const PagedParams = z.looseObject({ cursor: z.string().optional() }).optional();
const UriParams = z.looseObject({ uri: z.string(), cursor: z.string().optional() });

/** The params of a paginated list, or Invalid params. */
export function readPagedParams(params: unknown): { cursor?: string | undefined } {
  const parsed = PagedParams.safeParse(params);
  if (!parsed.success) throw badParams("its cursor is not a string");
  return parsed.data ?? {};
}

/** The params naming a URI (skills/get, resources/directory/read), or Invalid params. */
export function readUriParams(params: unknown): { uri: string; cursor?: string | undefined } {
  const parsed = UriParams.safeParse(params);
  if (!parsed.success) throw badParams("it has no string 'uri', or its cursor is not a string");
  return parsed.data;
}

const badParams = (why: string) =>
  invalidParams({ code: "invalid-params", reason: `The request is malformed: ${why}.` });

/**
 * The API's request and response types, read from the generated OpenAPI
 * types (`schema.d.ts`, `just api-types`): nothing here is written by hand.
 */
import type { components, paths } from "./schema";

/** Every named schema of the API document (`Schemas["Mentor"]`, ...). */
export type Schemas = components["schemas"];

export type Method = "get" | "post" | "put" | "patch" | "delete";

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The documented paths that answer `M`. */
export type PathsFor<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

/** The JSON content of a request body or answer, whatever its exact media type. */
type Json<C> = C extends { content: infer Content } ? Content[keyof Content] : never;

/** The request body of `M P`. */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

/** The body of `M P`'s answer with status `S`. */
export type ResponseBody<P extends keyof paths, M extends Method, S extends number> =
  Operation<P, M> extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;

/** The body of `M P`'s success (200 or 201). */
export type SuccessBody<P extends keyof paths, M extends Method> = ResponseBody<P, M, 200> | ResponseBody<P, M, 201>;

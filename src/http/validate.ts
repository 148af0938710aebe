import * as v from 'valibot'
import { badRequest } from '../lib/errors'

export const NOT_AN_OBJECT = 'The request body must be a JSON object'
export const unknownField = (path: string) => `Unknown field: ${path}`

const isPlainObject = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x)

/**
 * Parses input with a contract schema; the first problem becomes a 400 that names the field.
 * An object schema takes only an object: a missing, null or array body is refused, never read as {}.
 * A field the schema does not know (body schemas are strict objects) is named before anything else:
 * a typo must not read as "min_stock_level is required", and never as a silent 200.
 */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if ('entries' in schema && !isPlainObject(input)) throw badRequest(NOT_AN_OBJECT)
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const unknown = result.issues.find(isUnknownKey)
  throw badRequest(unknown ? unknownField(pathOf(unknown)) : describeIssue(schema, result.issues[0]))
}

const NO_FIELDS = v.strictObject({})

/**
 * The body of an action route (contract/actions.ts: send, cancel, approve…): no body is `{}`; an
 * object is checked with the route's fields (none unless given); `[]`, `null` and any other
 * non-object are refused like on every other write.
 */
export function parseAction<S extends v.GenericSchema = typeof NO_FIELDS>(body: unknown, schema?: S): v.InferOutput<S> {
  return parse(schema ?? NO_FIELDS, body === undefined ? {} : body) as v.InferOutput<S>
}

// valibot's strict_object reports a key it does not know as an issue of the key, expecting "never".
const isUnknownKey = (issue: v.BaseIssue<unknown>) => issue.type === 'strict_object' && issue.expected === 'never'
const pathOf = (issue: v.BaseIssue<unknown>) => (issue.path ?? []).map((p) => String(p.key)).join('.')

function describeIssue(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const path = issue.path?.map((p) => String(p.key)) ?? []
  const field = path.join('.')
  if (field && issue.input === undefined) {
    // A missing key: the field's own schema knows its "required" message (e.g. the spec's wording).
    const entry = path.reduce<v.GenericSchema | undefined>((s, key) => (s as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries?.[key], schema)
    const own = entry ? v.safeParse(entry, undefined) : null
    if (own && !own.success && !isValibotDefault(own.issues[0].message)) return own.issues[0].message
    return `${field} is required`
  }
  if (!isValibotDefault(issue.message)) return issue.message
  if (field) return `${field} is invalid`
  return NOT_AN_OBJECT
}

// Valibot's own messages read "Invalid type: Expected …"; ours name the field (or quote the spec).
const isValibotDefault = (message: string) => /^Invalid \w+: /.test(message)

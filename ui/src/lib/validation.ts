import * as v from 'valibot'

/** Sentence case for a schema message ('name is required' → 'Name is required'). */
const sentence = (m: string) => m.charAt(0).toUpperCase() + m.slice(1)

/** Runs a shared contract schema; answers the output or the first message per top-level field. */
export function check<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: Record<string, string> } {
  const r = v.safeParse(schema, input)
  if (r.success) return { ok: true, value: r.output }
  const errors: Record<string, string> = {}
  for (const issue of r.issues) {
    const key = issue.path?.[0]?.key
    const name = typeof key === 'string' ? key : '_'
    errors[name] ??= sentence(issue.message)
  }
  return { ok: false, errors }
}

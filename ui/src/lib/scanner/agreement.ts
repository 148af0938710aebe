// Camera decoding: a code is accepted after AGREE_FRAMES frames in a row read it the same, and the
// same code is then ignored for REPEAT_IGNORE_MS (a can held in front of the lens counts once).

export const AGREE_FRAMES = 2
export const REPEAT_IGNORE_MS = 1500

export function createAgreement(o: { frames?: number; ignoreMs?: number } = {}) {
  const frames = o.frames ?? AGREE_FRAMES
  const ignoreMs = o.ignoreMs ?? REPEAT_IGNORE_MS
  let candidate: string | null = null
  let seen = 0
  let accepted: { code: string; at: number } | null = null
  return {
    /** One decoded frame (null: nothing read). Returns the code when it is accepted now. */
    frame(code: string | null, at: number): string | null {
      if (code === null) {
        candidate = null
        seen = 0
        return null
      }
      if (code === candidate) seen++
      else {
        candidate = code
        seen = 1
      }
      if (seen < frames) return null
      if (accepted && accepted.code === code && at - accepted.at < ignoreMs) {
        return null
      }
      accepted = { code, at }
      seen = 0
      candidate = null
      return code
    },
  }
}

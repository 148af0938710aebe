import { MSG } from '../contract/messages'
import { AppError } from '../lib/errors'
import type { Logger } from '../lib/log'
import { failure } from './envelope'

/**
 * The answer to any error a route throws, for the restaurant's app and the group view's alike: an AppError's own
 * status and words, 404/400 for Elysia's own, else 500 with the spec's words. Never a stack trace or SQL text in a
 * response; the log keeps the detail.
 */
export const answerError =
  (logger: Logger) =>
  ({ code, error, set, request }: { code: unknown; error: unknown; set: { status?: number | string }; request: Request }) => {
    if (error instanceof AppError) {
      set.status = error.status
      return failure(error.message)
    }
    if (code === 'NOT_FOUND') {
      set.status = 404
      return failure('Route not found')
    }
    if (code === 'PARSE') {
      set.status = 400
      return failure('The request body is not valid JSON')
    }
    if (code === 'VALIDATION') {
      set.status = 400
      return failure('The request is not valid')
    }
    logger.error('Unhandled error', { method: request.method, path: new URL(request.url).pathname, error: String(error) })
    set.status = 500
    return failure(MSG.loadFailed)
  }

/** An error that is a value with a status: thrown anywhere, turned into the envelope by one onError. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new AppError(400, message)
export const unauthorized = (message: string) => new AppError(401, message)
export const forbidden = (message: string) => new AppError(403, message)
export const notFound = (what: string) => new AppError(404, `${what} not found`)
export const conflict = (message: string) => new AppError(409, message)
export const tooManyRequests = (message: string) => new AppError(429, message)

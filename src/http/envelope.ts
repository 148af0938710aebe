// Every answer is { success, data, message }; lists add meta { total, page, limit }.
export interface Meta {
  total: number
  page: number
  limit: number
}

export const ok = <T>(data: T, message = 'OK') => ({ success: true as const, data, message })

export const listOf = <T>(data: T[], meta: Meta, message = 'OK') => ({ success: true as const, data, message, meta })

export const failure = (message: string) => ({ success: false as const, data: null, message })

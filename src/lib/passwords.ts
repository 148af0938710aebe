// argon2id at the OWASP minimum (19 MiB, 2 passes): a Pi cannot afford Bun's 64 MiB per concurrent login.
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

export const hashPassword = (plain: string) => Bun.password.hash(plain, ARGON2)

export const verifyPassword = (plain: string, hash: string) => Bun.password.verify(plain, hash).catch(() => false)

// Verified against when an email is unknown, so that a wrong email costs the same time as a wrong password.
let decoyHash: Promise<string> | null = null
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('rims-decoy-password-never-used'))

import type { ReactNode } from 'react'
import { Link } from 'wouter'

/** The centred text link under a sign-in card's form ('Forgot your password?', 'Back to Login'). */
export function AuthLink({ href, children, className = 'mt-4' }: { href: string; children: ReactNode; className?: string }) {
  return (
    <p className={`text-center text-sm ${className}`}>
      <Link href={href} className="inline-flex min-h-11 items-center font-medium text-brand-800 underline-offset-4 hover:underline dark:text-brand-300">
        {children}
      </Link>
    </p>
  )
}

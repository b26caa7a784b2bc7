// Small inline SVG icons of the sign-in pages (shipped with the project, nothing hot-linked).
type IconProps = { className?: string }

/** The decorative 24×24 <svg> every icon here is drawn in. */
function IconSvg({
  className,
  children,
  ...attributes
}: React.SVGProps<SVGSVGElement> & { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      {...attributes}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

/** An outlined icon in the text colour. */
function OutlineIcon({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <IconSvg
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </IconSvg>
  )
}

/** Google's four-colour "G": one path a colour. */
const GOOGLE_PATHS: Record<string, string> = {
  '#4285F4':
    'M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z',
  '#34A853':
    'M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z',
  '#FBBC05':
    'M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.95l3.66-2.84Z',
  '#EA4335':
    'M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z',
}

export function GoogleIcon({ className = 'size-5' }: IconProps) {
  return (
    <IconSvg className={className}>
      {Object.entries(GOOGLE_PATHS).map(([fill, d]) => (
        <path key={fill} fill={fill} d={d} />
      ))}
    </IconSvg>
  )
}

export function FacebookIcon({ className = 'size-5' }: IconProps) {
  return (
    <IconSvg className={className}>
      <path
        fill="#1877F2"
        d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07Z"
      />
    </IconSvg>
  )
}

export function EyeIcon({ className = 'size-5' }: IconProps) {
  return (
    <OutlineIcon className={className}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </OutlineIcon>
  )
}

export function EyeOffIcon({ className = 'size-5' }: IconProps) {
  return (
    <OutlineIcon className={className}>
      <path d="M9.9 4.24A9.1 9.1 0 0 1 12 4c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.16 3.19" />
      <path d="M6.61 6.61A17.4 17.4 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.39-1.61" />
      <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24" />
      <path d="m2 2 20 20" />
    </OutlineIcon>
  )
}

export function SpinnerIcon({ className = 'size-5' }: IconProps) {
  return (
    <IconSvg className={`${className} animate-spin`} fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" />
    </IconSvg>
  )
}

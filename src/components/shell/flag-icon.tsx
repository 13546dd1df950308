// A small flag for a language. English and Czech (the interface languages) are drawn as SVG,
// because emoji flags are missing on Windows and in browsers without a colour emoji font.
import { useId } from 'react';
import { flagOf } from './languages';

const SIZE = { width: 24, height: 16 };

export function FlagIcon({ code }: { code: string }) {
  const id = useId();
  if (code === 'cs') {
    return (
      <svg {...SIZE} viewBox="0 0 900 600" className="flag" aria-hidden>
        <rect width="900" height="600" fill="#d7141a" />
        <rect width="900" height="300" fill="#fff" />
        <path d="M450 300 0 0v600z" fill="#11457e" />
      </svg>
    );
  }
  if (code === 'en') {
    return (
      <svg {...SIZE} viewBox="0 0 60 30" preserveAspectRatio="xMidYMid slice" className="flag" aria-hidden>
        <clipPath id={`${id}-diagonals`}>
          <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
        </clipPath>
        <path d="M0 0v30h60V0z" fill="#012169" />
        <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
        <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${id}-diagonals)`} stroke="#c8102e" strokeWidth="4" />
        <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
        <path d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth="6" />
      </svg>
    );
  }
  return (
    <span className="flag-emoji" aria-hidden>
      {flagOf(code)}
    </span>
  );
}

// A round avatar with initials, for users without a photo and for organizations.
import './accounts.css';

/** The first two letters of a name ('Advokátní komora' → 'AD'); '?' when it has none. */
export function firstLetters(name: string): string {
  const letters = [...name.normalize('NFC')].filter((char) => /\p{L}|\p{N}/u.test(char));
  return letters.slice(0, 2).join('').toLocaleUpperCase() || '?';
}

/** First and last name's first letters ('Jana Nováková' → 'JN'). */
export function personInitials(firstName: string, lastName: string, fallback: string): string {
  const initials = [firstName, lastName].map((part) => [...part.trim()][0] ?? '').join('');
  return (initials || firstLetters(fallback)).toLocaleUpperCase();
}

export function InitialsAvatar({ text, size = 96 }: { text: string; size?: number }) {
  // Decorative: the name beside it says who it is.
  return (
    <span
      className="initials-avatar"
      aria-hidden
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      data-testid="initials-avatar"
    >
      {text}
    </span>
  );
}

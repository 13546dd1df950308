// For parts loaded on first need: true from the first render where `value` is true on, so what
// was mounted once stays mounted (and keeps its state) when the need goes away.
import { useState } from 'react';

export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

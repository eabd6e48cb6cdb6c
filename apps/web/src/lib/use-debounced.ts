// A value that follows another once it has stopped changing for `delay` ms (search boxes that
// ask the server as the user types).
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

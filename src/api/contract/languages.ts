// The interface languages the product speaks.
import { z } from 'zod';
import { listOf } from './common';

export const InterfaceLanguage = z.object({ code: z.string(), name: z.string(), native_name: z.string() });
export const InterfaceLanguageList = listOf(InterfaceLanguage);

export const INTERFACE_LANGUAGES = [
  { code: 'en', name: 'English', native_name: 'English' },
  { code: 'cs', name: 'Czech', native_name: 'Čeština' },
] as const;

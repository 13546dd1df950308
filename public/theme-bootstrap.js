// Before the first paint: the stored language and theme, so the page does not flash. A file of its
// own (not inline in index.html): the Content-Security-Policy runs only this server's scripts.
// The `js` class hides the server-rendered first screen (styles.css): the app draws the page
// itself, so a browser with JavaScript never paints that block and nothing jumps.
document.documentElement.classList.add('js');
try {
  var locale = localStorage.getItem('lexhub.locale');
  if (locale === 'en' || locale === 'cs') {
    document.documentElement.lang = locale;
    // The server renders the first screen in the stored language from now on.
    document.cookie = 'lexhub_locale=' + locale + '; Path=/; Max-Age=31536000; SameSite=Lax';
  }
  var theme = JSON.parse(localStorage.getItem('lexhub.theme') || '"system"');
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
} catch {
  // No storage (private mode, blocked): the defaults apply.
}

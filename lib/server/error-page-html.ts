/**
 * The 500 page sent when Next.js could only send its empty error shell
 * (lib/server/error-page-recovery.ts): plain HTML in the site's colours, no script, so it
 * reads with or without JavaScript; the error's digest (the id Next.js logged the error
 * under) and links back. Nothing from the request or the error's message is written.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function serverErrorPage(options: { digest?: string }): string {
  const code = options.digest ? ` and give them the code <code>${escapeHtml(options.digest)}</code>` : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Something went wrong · Beacon Hub</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
body{margin:0;min-height:100vh;background:#020617;color:#f1f5f9;font:16px/1.5 system-ui,sans-serif}
header{border-bottom:1px solid #1e293b}
nav,main{max-width:64rem;margin:0 auto;padding:.75rem 1rem}
main{padding-top:2rem}
a{color:#fbbf24}
a:focus-visible{outline:2px solid #fbbf24;outline-offset:2px}
.code{font-family:ui-monospace,monospace;font-size:.875rem;color:#94a3b8}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
p{color:#cbd5e1}
ul{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;list-style:none;padding:0}
</style>
</head>
<body>
<header><nav aria-label="Main"><a href="/"><strong>Beacon Hub</strong></a></nav></header>
<main id="main">
<p class="code">500</p>
<h1>Something went wrong on our side</h1>
<p>The page could not be shown. Trying again often works; if it keeps failing, tell the people who run this server${code}.</p>
<ul><li><a href="">Try again</a></li><li><a href="/">Home</a></li><li><a href="/documents">Documents</a></li></ul>
</main>
</body>
</html>
`;
}

/** Crawlers, link previews and headless fetchers: they get no error page. */
const BOT_PATTERN =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|skype|pingdom|uptime|curl|wget|python-requests|httpclient/i;

export function isBot(
  userAgent: string | undefined = typeof navigator === "undefined" ? undefined : navigator.userAgent,
) {
  return userAgent !== undefined && BOT_PATTERN.test(userAgent);
}

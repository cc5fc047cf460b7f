/**
 * The external blog widget's posts when no feed is configured or the feed cannot be read: a small RSS
 * document read by the same parser as a live feed, so the offline path exercises the real code.
 */
export const BLOG_SAMPLE_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Storelift blog</title>
    <link>https://storelift.test/blog</link>
    <description>App store optimization and user acquisition notes</description>
    <item>
      <title>Keyword installs: how many a day, for how long</title>
      <link>https://storelift.test/blog/keyword-installs-pace</link>
      <pubDate>Mon, 02 Nov 2026 09:00:00 GMT</pubDate>
      <description>A steady pace over 7 to 14 days moves a keyword further than one burst, and keeps the ranking.</description>
    </item>
    <item>
      <title>Reading your rank chart after a campaign</title>
      <link>https://storelift.test/blog/rank-chart</link>
      <pubDate>Mon, 19 Oct 2026 09:00:00 GMT</pubDate>
      <description>What a rise and a settle-back look like, and when to order the next round.</description>
    </item>
    <item>
      <title>Guaranteed reviews: the three-week guarantee explained</title>
      <link>https://storelift.test/blog/review-guarantee</link>
      <pubDate>Mon, 05 Oct 2026 09:00:00 GMT</pubDate>
      <description>Why at least 90 of 100 reviews stay, and what happens to the rest.</description>
    </item>
    <item>
      <title>CPI campaigns on a small budget</title>
      <link>https://storelift.test/blog/cpi-small-budget</link>
      <pubDate>Mon, 21 Sep 2026 09:00:00 GMT</pubDate>
      <description>Daily budget, target cost per install and countries: a first campaign that teaches you something.</description>
    </item>
  </channel>
</rss>`;

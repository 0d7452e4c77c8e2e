#!/usr/bin/env python3
"""What a webmaster would script instead of `robots-studio sitemap`: parse the
sitemap with xml.etree.ElementTree and ask urllib.robotparser about every
<loc> for each crawler. Prints the URL count and the blocked (URL, crawler)
pairs, for comparison with the Go tool on the same files.

usage: compare.py ROBOTS_FILE SITEMAP_FILE [AGENT...]
"""
import sys
import urllib.robotparser
import xml.etree.ElementTree as ET

NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def main():
    robots_file, sitemap_file = sys.argv[1], sys.argv[2]
    agents = sys.argv[3:] or ["Googlebot", "bingbot", "YandexBot"]
    rp = urllib.robotparser.RobotFileParser()
    with open(robots_file, encoding="utf-8", errors="replace") as f:
        rp.parse(f.read().splitlines())
    tree = ET.parse(sitemap_file)
    urls = [loc.text.strip() for loc in tree.getroot().iter(NS + "loc")]
    blocked = 0
    for url in urls:
        for agent in agents:
            if not rp.can_fetch(agent, url):
                blocked += 1
    print(f"{len(urls)} URLs, {blocked} blocked (URL, crawler) pairs")


if __name__ == "__main__":
    main()

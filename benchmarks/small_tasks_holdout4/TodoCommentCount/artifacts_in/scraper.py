import urllib.request

# TODO: read the start page from a config file
START = "http://127.0.0.1:8000/"


def fetch(url):
    # TODO: retry on timeouts
    with urllib.request.urlopen(url) as resp:
        return resp.read()


def links(html):
    # TODO: skip mailto: links
    return [part.split('"')[0] for part in html.split('href="')[1:]]

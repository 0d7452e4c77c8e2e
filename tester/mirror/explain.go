package mirror

import "github.com/robots-studio/robots-studio/tester/msg"

// Reader is a crawler (or family) and what it makes of each way of naming the
// main mirror today.
type Reader struct {
	Name      msg.Text
	Host      msg.Text // the Host directive
	Redirect  msg.Text // a 301 from the mirror to the main name
	Canonical msg.Text // <link rel="canonical"> / Link header
	PerHost   msg.Text // a different robots.txt per host name
}

var (
	msgReaderYandex = msg.Def("mirror.reader.yandex", "Yandex")
	msgReaderGoogle = msg.Def("mirror.reader.google", "Google")
	msgReaderBing   = msg.Def("mirror.reader.bing", "Bing")
	msgReaderOld    = msg.Def("mirror.reader.old", "1990s robots (Lycos, StackRambler…)")

	msgYandexHost  = msg.Def("mirror.yandex.host", "read until 2018, ignored since: Yandex replaced it with the 301")
	msgYandexRedir = msg.Def("mirror.yandex.redirect", "how Yandex picks the main mirror since 2018")
	msgYandexCanon = msg.Def("mirror.yandex.canonical", "a hint it takes into account")
	msgYandexPer   = msg.Def("mirror.yandex.per_host", "read: every host name has its own robots.txt")
	msgGoogleHost  = msg.Def("mirror.google.host", "never read: Google lists Host among the fields it does not use")
	msgGoogleRedir = msg.Def("mirror.google.redirect", "a strong signal: the target becomes the canonical URL")
	msgGoogleCanon = msg.Def("mirror.google.canonical", "a strong hint, weighed with redirects and sitemaps")
	msgGooglePer   = msg.Def("mirror.google.per_host", "read; but Disallow: / on a mirror also hides its redirects and canonical tags")
	msgBingHost    = msg.Def("mirror.bing.host", "not read")
	msgBingRedir   = msg.Def("mirror.bing.redirect", "followed; the target is indexed")
	msgBingCanon   = msg.Def("mirror.bing.canonical", "a hint")
	msgBingPer     = msg.Def("mirror.bing.per_host", "read: every host name has its own robots.txt")
	msgOldHost     = msg.Def("mirror.old.host", "an unknown field, skipped")
	msgOldRedir    = msg.Def("mirror.old.redirect", "taken as a link to the new address and queued")
	msgOldCanon    = msg.Def("mirror.old.canonical", "did not exist yet (2009)")
	msgOldPer      = msg.Def("mirror.old.per_host", "the only way: robots.txt is read per host name and port")

	msgAdvice = msg.Def("mirror.advice", "Today: answer every mirror with a 301 to the main name and put a canonical link on each page (Yandex Webmaster help, “Site mirrors”; Google Search Central, “Consolidate duplicate URLs”). Then do not also serve Disallow: / on the mirrors: a crawler that may not fetch a page never sees its redirect. A Host line is harmless but only Yandex read it, and it stopped in 2018. The per-host robots.txt is for mirrors you cannot redirect.")
)

// Readers is who honours what today, one row per crawler family.
func Readers() []Reader {
	return []Reader{
		{msg.New(msgReaderYandex), msg.New(msgYandexHost), msg.New(msgYandexRedir), msg.New(msgYandexCanon), msg.New(msgYandexPer)},
		{msg.New(msgReaderGoogle), msg.New(msgGoogleHost), msg.New(msgGoogleRedir), msg.New(msgGoogleCanon), msg.New(msgGooglePer)},
		{msg.New(msgReaderBing), msg.New(msgBingHost), msg.New(msgBingRedir), msg.New(msgBingCanon), msg.New(msgBingPer)},
		{msg.New(msgReaderOld), msg.New(msgOldHost), msg.New(msgOldRedir), msg.New(msgOldCanon), msg.New(msgOldPer)},
	}
}

// Advice is the one-paragraph recommendation shown under the table.
func Advice() msg.Text { return msg.New(msgAdvice) }

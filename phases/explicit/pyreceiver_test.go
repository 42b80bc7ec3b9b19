package explicit

import "testing"

// TestPythonResultsOfTheReceiver: a method that returns self, cls(...) or
// what another classmethod of cls returns gives the type it is called on,
// not the base that declares it (scrapy's Manager.from_crawler, returning
// cls.from_settings(...), returning cls(...), called on a subclass);
// super() in such a method still means the declaring class's base.
func TestPythonResultsOfTheReceiver(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/mw.py": "class Root:\n    def ping(self):\n        pass\n\n\n" +
			"class Manager(Root):\n    @classmethod\n    def from_settings(cls, settings):\n        return cls()\n\n" +
			"    @classmethod\n    def from_crawler(cls, crawler):\n        return cls.from_settings(crawler)\n\n" +
			"    def configured(self):\n        return self\n\n    def parent(self):\n        return super()\n\n\n" +
			"class Downloads(Manager):\n    def download(self):\n        pass\n",
		"pkg/dl.py": "from pkg.mw import Downloads, Manager\n\n\n" +
			"class Downloader:\n    def __init__(self, crawler):\n        self.middleware = Downloads.from_crawler(crawler)\n\n" +
			"    def fetch(self):\n        self.middleware.download()\n\n\n" +
			"def direct(c):\n    Downloads.from_settings(c).download()\n\n\n" +
			"def chained(c):\n    Downloads(c).configured().download()\n\n\n" +
			"def base(c):\n    Manager.from_crawler(c).download()\n\n\n" +
			"def upward(c):\n    Downloads(c).parent().ping()\n",
	})
	check(t, got, []string{
		"pkg/dl.py#Downloader.fetch -> pkg/mw.py#Downloads.download [calls type]",
		"pkg/dl.py#direct -> pkg/mw.py#Downloads.download [calls type]",
		"pkg/dl.py#chained -> pkg/mw.py#Downloads.download [calls type]",
		"pkg/dl.py#upward -> pkg/mw.py#Root.ping [calls type]",
	}, []string{
		"pkg/dl.py#base -> pkg/mw.py#Downloads.download",
	})
}

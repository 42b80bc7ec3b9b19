package ruby

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

const typesSample = `module Shop
  class Cart < Base
    include Pricing
    extend Finders

    def initialize(owner)
      @client = Api::Client.new(owner)
      @owner = owner
      @items = []
    end

    def checkout(order)
      v = Validator.new
      v.check(order)
      @client.post(order)
      client.fetch
      order.submit
      order.length
      @items.each { |i| i.price }
      self.class.audit
      super
    end

    def cache
      @cache ||= Store.new
    end
  end
end
`

// TestRubyFieldsFromInstanceVariables: instance variables assigned in a
// class are its fields, typed by what is assigned (Foo.new: an instance).
func TestRubyFieldsFromInstanceVariables(t *testing.T) {
	f := langtest.Extract(t, Language(), typesSample)
	var fields []symLineRow
	for _, r := range langtest.SymLines[symLineRow](f) {
		if r.Kind == facts.KindField {
			fields = append(fields, r)
		}
	}
	want := []symLineRow{
		{"client", "Shop.Cart.client", facts.KindField, "Shop.Cart", 7},
		{"owner", "Shop.Cart.owner", facts.KindField, "Shop.Cart", 8},
		{"items", "Shop.Cart.items", facts.KindField, "Shop.Cart", 9},
		{"cache", "Shop.Cart.cache", facts.KindField, "Shop.Cart", 25},
	}
	if d := cmp.Diff(want, fields); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
	wantTypes := map[string]string{"Shop.Cart.client": "Api.Client()", "Shop.Cart.items": facts.NotRepo, "Shop.Cart.cache": "Store()"}
	if d := cmp.Diff(wantTypes, langtest.Types(f)); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
	cart := langtest.Symbol(t, f, "Shop.Cart")
	if d := cmp.Diff([]string{"Pricing", "Finders"}, cart.Implements); d != "" {
		t.Errorf("mixins: %s", d)
	}
}

// TestRubyReceivers: a local assigned Foo.new is an instance of Foo; @x is
// self's field x, and so is a bare x (an attribute reader); self.class is
// self's class; super calls the method's own name on the base; a core
// method on a value the file cannot type is outside the repository, and
// Foo.new is a call of the class.
func TestRubyReceivers(t *testing.T) {
	f := langtest.Extract(t, Language(), typesSample)
	want := []callRow{
		{"Client", "Api", "Api"},
		{"Validator", "", ""},
		{"check", "v", "Validator()"},
		{"post", "@client", "self.client"},
		{"fetch", "client", "self.client"},
		{"client", "", ""}, // client is no local: it calls self's reader
		{"submit", "order", facts.Unknown},
		{"length", "order", facts.NotRepo},
		{"each", "@items", "self.items"}, // a field typed as an array literal
		{"price", "i", facts.Unknown},
		{"audit", "self.class", "self"},
		{"checkout", "super", ""},
		{"Store", "", ""},
	}
	if d := cmp.Diff(want, langtest.Calls[callRow](f)); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

// TestRubySuperWithArguments: super(args) is the same call as super.
func TestRubySuperWithArguments(t *testing.T) {
	f := langtest.Extract(t, Language(), "class A < B\n  def save(x)\n    super(x)\n  end\nend\n")
	if d := cmp.Diff([]callRow{{"save", "super", ""}}, langtest.Calls[callRow](f)); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

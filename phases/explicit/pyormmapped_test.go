package explicit

import "testing"

// TestPythonSQLAlchemyMapped: an attribute a SQLAlchemy 2 model annotates
// Mapped[X] is an X on an instance (Mapped[List[X]] a list of them), so
// calls through a relationship reach X's methods, in another module too;
// a class of the repository's own named Mapped is no such wrapper.
func TestPythonSQLAlchemyMapped(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"app/__init__.py": "",
		"app/models.py": "from typing import List, Optional\n\nfrom sqlalchemy import orm\nfrom sqlalchemy.orm import DeclarativeBase, Mapped, relationship\n\n\n" +
			"class Base(DeclarativeBase):\n    pass\n\n\n" +
			"class Address(Base):\n    user: Mapped['User'] = relationship(back_populates='addresses')\n\n    def geocode(self):\n        pass\n\n\n" +
			"class User(Base):\n    addresses: Mapped[List['Address']] = relationship(back_populates='user')\n" +
			"    manager: Mapped[Optional['User']] = relationship()\n    best: orm.Mapped['Address'] = relationship()\n\n" +
			"    def greet(self):\n        for a in self.addresses:\n            a.geocode()\n",
		"app/local.py": "from typing import Generic, TypeVar\n\nfrom app.models import Address\n\nT = TypeVar('T')\n\n\n" +
			"class Mapped(Generic[T]):\n    def geocode(self):\n        pass\n\n\n" +
			"class Holder:\n    item: Mapped[Address]\n\n    def run(self):\n        self.item.geocode()\n",
		"app/use.py": "from app.models import User\n\n\n" +
			"def visit(u: User):\n    u.manager.greet()\n    u.best.geocode()\n    for a in u.addresses:\n        a.user.greet()\n",
	})
	check(t, got, []string{
		"app/models.py#User.greet -> app/models.py#Address.geocode [calls type]",
		"app/use.py#visit -> app/models.py#User.greet [calls type]",
		"app/use.py#visit -> app/models.py#Address.geocode [calls type]",
		"app/local.py#Holder.run -> app/local.py#Mapped.geocode [calls type]",
	}, []string{
		"app/local.py#Holder.run -> app/models.py#Address.geocode",
	})
}

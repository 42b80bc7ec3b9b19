package rust

import "sync"

// rustVocab holds the package's word lists and tables. They are built on
// first use, not at start-up: every lgraph command, --version included,
// would otherwise pay for them (docs/measurements.md, Start-up).
type rustVocab struct {
	// elementClosures are standard methods whose closure argument takes
	// the receiver's values one by one (Option::map takes the wrapped value).
	elementClosures map[string]bool
	// stdCrates are the crates every Rust program may name without
	// depending on them; nothing in them is in the repository.
	stdCrates map[string]bool
	// prelude are the standard names in scope without a use (the prelude).
	prelude map[string]bool
	// stdMethods are methods of standard types (Option, Result, Vec,
	// String, slices, iterators, maps, paths, the common traits): on a
	// receiver of unknown type, a repository method of one of these names is
	// no better than a guess (spec.StdMethods).
	stdMethods map[string]bool
	// wrappers wrap one value the way Option and Result do: their own
	// methods (unwrap, map, ok) are standard ones, `?` and unwrap reach the
	// value. A crate's own `Result<T>` alias is one too.
	wrappers map[string]bool
	// collections hold values of their first type argument (or of the
	// given one for maps, whose values are what get and values() give): like
	// an Option, indexing, iterating or getting from one reaches a value.
	collections map[string]int
	// sameElements are standard methods whose result holds the same
	// values as their receiver (an iterator, a subslice, an Option of one):
	// `for m in v.iter()` and `v.first().unwrap()` reach v's values.
	sameElements map[string]bool
	// selfMakers are standard trait functions that make a value of the
	// type they are called on.
	selfMakers map[string]bool
	// transparent are standard pointers whose methods are, in practice,
	// those of the value they point to.
	transparent map[string]bool
	// literals are expressions whose value is never of a repository type.
	literals map[string]bool
}

var vocab = sync.OnceValue(func() *rustVocab {
	return &rustVocab{
		elementClosures: words(`map and_then filter for_each any all find position filter_map
	flat_map inspect take_while skip_while map_while max_by_key min_by_key max_by min_by sort_by
	sort_by_key sort_unstable_by sort_unstable_by_key retain dedup_by_key is_some_and is_none_or
	binary_search_by binary_search_by_key partition`),
		stdCrates: map[string]bool{"std": true, "core": true, "alloc": true},
		prelude: map[string]bool{
			"String": true, "Vec": true, "Box": true, "Option": true, "Result": true, "Some": true, "None": true,
			"Ok": true, "Err": true, "Iterator": true, "IntoIterator": true, "DoubleEndedIterator": true,
			"ExactSizeIterator": true, "Extend": true, "ToString": true, "ToOwned": true, "Clone": true,
			"Copy": true, "Default": true, "Drop": true, "Eq": true, "PartialEq": true, "Ord": true,
			"PartialOrd": true, "From": true, "Into": true, "TryFrom": true, "TryInto": true, "AsRef": true,
			"AsMut": true, "Fn": true, "FnMut": true, "FnOnce": true, "Send": true, "Sync": true,
			"Sized": true, "Unpin": true, "FromIterator": true,
		},
		stdMethods: words(`unwrap expect unwrap_or unwrap_or_else unwrap_or_default unwrap_err expect_err
		ok err ok_or ok_or_else map map_err map_or map_or_else and_then or_else or and filter filter_map flat_map
		flatten is_some is_none is_ok is_err is_some_and is_none_or is_ok_and as_ref as_mut as_deref as_deref_mut
		take replace insert get_or_insert get_or_insert_with zip unzip clone cloned copied clone_from to_owned
		to_string to_vec into into_iter iter iter_mut len is_empty push push_str pop get get_mut first last
		first_mut last_mut contains contains_key extend extend_from_slice clear drain retain truncate remove
		swap sort sort_by sort_by_key sort_unstable sort_unstable_by dedup reverse split_at split_off
		split splitn rsplit rsplitn split_whitespace lines chars bytes char_indices trim trim_start trim_end
		starts_with ends_with strip_prefix strip_suffix find rfind position rposition any all count sum
		product max min max_by min_by max_by_key min_by_key fold for_each collect enumerate rev skip
		skip_while take_while step_by chain peekable peek next next_back nth windows chunks join concat
		as_str as_bytes as_slice as_mut_slice as_ptr as_path to_path_buf to_str to_string_lossy to_lowercase
		to_uppercase to_ascii_lowercase to_ascii_uppercase eq ne cmp partial_cmp lt le gt ge hash fmt
		borrow borrow_mut lock read write try_lock entry or_insert or_insert_with or_default keys values
		values_mut capacity reserve with_capacity parent file_name extension exists is_file is_dir display
		read_to_end read_to_string read_line write_all write_fmt flush parse format default from try_from
		try_into as_secs as_millis elapsed duration_since checked_add checked_sub saturating_sub
		saturating_add wrapping_add wrapping_sub abs pow is_ascii is_alphabetic is_numeric is_whitespace
		load store fetch_add fetch_sub compare_exchange send recv join_handle spawn into_inner get_ref
		downcast downcast_ref type_id`),
		wrappers: map[string]bool{"Option": true, "Result": true},
		collections: map[string]int{
			"Vec": 0, "VecDeque": 0, "LinkedList": 0, "HashSet": 0, "BTreeSet": 0, "BinaryHeap": 0,
			"HashMap": 1, "BTreeMap": 1,
		},
		sameElements: words(`iter iter_mut into_iter drain values values_mut into_values rev skip
	step_by filter peekable cloned copied as_slice as_mut_slice as_ref as_mut as_deref as_deref_mut ok
	by_ref get get_mut first last first_mut last_mut pop pop_front pop_back front back peek next
	next_back nth find min max min_by_key max_by_key take`),
		selfMakers:  map[string]bool{"default": true, "from": true},
		transparent: map[string]bool{"Box": true, "Rc": true, "Arc": true, "Cow": true, "Pin": true, "ManuallyDrop": true},
		literals: map[string]bool{
			"string_literal": true, "raw_string_literal": true, "integer_literal": true, "float_literal": true,
			"boolean_literal": true, "char_literal": true, "array_expression": true, "tuple_expression": true,
			"closure_expression": true, "range_expression": true, "unit_expression": true,
			"negative_literal": true, "compound_assignment_expr": true, "assignment_expression": true,
		},
	}
})

package ruby

import (
	"sync"

	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// rubyVocab holds the package's word lists and tables. They are built on
// first use, not at start-up: every lgraph command, --version included,
// would otherwise pay for them (docs/measurements.md, Start-up).
type rubyVocab struct {
	// blocks open a scope for their parameters and locals.
	blocks map[string]bool
	// coreMethods are methods of Ruby's core classes (Object, Kernel,
	// Enumerable, Array, Hash, String, Integer): called on a value whose type
	// the file cannot tell, they are taken for the core method rather than
	// guessed at among the repository's methods of that name.
	coreMethods map[string]bool
	// notCalls are the parents of an identifier that names no method:
	// parameters and alias/undef operands.
	notCalls map[string]bool
}

var vocab = sync.OnceValue(func() *rubyVocab {
	return &rubyVocab{
		blocks: map[string]bool{"block": true, "do_block": true, "lambda": true},
		coreMethods: syntax.WordSet(`to_s to_str to_sym to_i to_f to_a to_h to_proc inspect class is_a? kind_of?
		instance_of? respond_to? nil? eql? equal? hash send public_send __send__ object_id dup clone freeze
		frozen? tap then instance_variable_get instance_variable_set instance_variables method methods
		length size empty? any? all? none? count each each_with_index each_with_object each_pair each_key
		each_value map map! flat_map collect select select! filter filter_map reject reject! find detect
		find_index index include? member? key? has_key? value? keys values fetch dig store delete delete_if
		merge merge! update first last push pop shift unshift concat join split sort sort! sort_by min max
		min_by max_by sum reduce inject group_by partition zip uniq compact flatten reverse take drop slice
		sub gsub sub! gsub! strip chomp downcase upcase capitalize start_with? end_with? match match? scan
		tr encode force_encoding bytesize chars bytes lines format times upto downto between? abs round
		floor ceil succ pred zero? positive? negative? even? odd? to_enum each_slice each_cons transform_values
		transform_keys sort_by! key invert values_at fetch_values assoc compare_by_identity
		is_a instance_eval instance_exec class_eval module_eval define_singleton_method freeze
		const_get const_set const_defined? ancestors instance_methods private_method_defined?
		method_defined? public_method_defined? instance_method name superclass message backtrace full_message
		cause call read write close puts print gets flush`),
		notCalls: syntax.WordSet(`method_parameters block_parameters lambda_parameters destructured_parameter
	alias undef keyword_parameter optional_parameter splat_parameter hash_splat_parameter block_parameter`),
	}
})

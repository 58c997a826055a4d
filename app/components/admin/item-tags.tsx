/** An order line's custom options ("Name: Sara"), or a dash without any: the order page and the packing slip. */
export function ItemTags({
  tags,
}: {
  tags: { title: string; value: string }[];
}) {
  if (tags.length === 0) return <>-</>;
  return (
    <ul className="admin-tags">
      {tags.map((tag, index) => (
        <li key={index}>
          {tag.title ? `${tag.title}: ${tag.value}` : tag.value}
        </li>
      ))}
    </ul>
  );
}

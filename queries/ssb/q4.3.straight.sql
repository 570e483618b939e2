-- Q4.3, STRAIGHT_JOIN: the tables joined in the order written (lineorder, dim_date, customer, supplier, part).
select straight_join d_year, s_city, p_brand, sum(lo_revenue - lo_supplycost) as profit
from lineorder
join dim_date on lo_orderdatekey = d_datekey
join customer on lo_custkey = c_customerkey
join supplier on lo_suppkey = s_suppkey
join part on lo_partkey = p_partkey
where s_nation = 'UNITED STATES' and (d_year = 1997 or d_year = 1998) and p_category = 'MFGR#14'
group by d_year, s_city, p_brand
order by d_year, s_city, p_brand;
